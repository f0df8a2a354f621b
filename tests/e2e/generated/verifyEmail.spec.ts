// Written by `npm run paths -- verifyEmail --playwright` from testkit/models/account/verifyEmail.model.ts (traversal "with a 2 s countdown"):
// the shortest path to every transition, walked in Chromium against the real server. Do not edit;
// regenerate. tests/generatedSpecs.test.ts fails while this file is stale.
import { test } from '../../support/e2e/journeys';
import { walkPath } from '../flows/browserFlow';
import { verifyEmailFlow } from '../flows/verifyEmail';

test.describe('verifyEmail: every transition in the browser', () => {
  test("1. the resend call answers: A new code is on its way → active.(resend.cooling + code.editing)", ({ page, request }) =>
    walkPath(page, request, verifyEmailFlow, {
      "from": "active.(resend.sending + code.editing)",
      "steps": [
        {
          "action": "the resend call answers: A new code is on its way",
          "event": {
            "type": "xstate.done.actor.resend",
            "output": {
              "type": "success",
              "message": "A new code is on its way"
            }
          },
          "to": "active.(resend.cooling + code.editing)"
        }
      ]
    }),
  );
  test("2. verify.submit → active.(resend.sending + code.editing)", ({ page, request }) =>
    walkPath(page, request, verifyEmailFlow, {
      "from": "active.(resend.sending + code.editing)",
      "steps": [
        {
          "action": "verify.submit",
          "event": {
            "type": "verify.submit"
          },
          "to": "active.(resend.sending + code.editing)"
        }
      ]
    }),
  );
  test("3. the countdown runs out → active.(resend.ready + code.editing)", ({ page, request }) =>
    walkPath(page, request, verifyEmailFlow, {
      "from": "active.(resend.sending + code.editing)",
      "steps": [
        {
          "action": "the resend call fails: you will be able to resend otp in about 1 seconds",
          "event": {
            "type": "xstate.error.actor.resend",
            "error": "you will be able to resend otp in about 1 seconds"
          },
          "to": "active.(resend.cooling + code.editing)"
        },
        {
          "action": "the countdown runs out",
          "event": {
            "type": "xstate.done.actor.countdown"
          },
          "to": "active.(resend.ready + code.editing)"
        }
      ]
    }),
  );
  test("4. verify.resend → active.(resend.sending + code.editing)", ({ page, request }) =>
    walkPath(page, request, verifyEmailFlow, {
      "from": "active.(resend.sending + code.editing)",
      "steps": [
        {
          "action": "the resend call fails: Failed to fetch",
          "event": {
            "type": "xstate.error.actor.resend",
            "error": "Failed to fetch"
          },
          "to": "active.(resend.ready + code.editing)"
        },
        {
          "action": "verify.resend",
          "event": {
            "type": "verify.resend"
          },
          "to": "active.(resend.sending + code.editing)"
        }
      ]
    }),
  );
  test("5. the verify call answers: Email verified → verified", ({ page, request }) =>
    walkPath(page, request, verifyEmailFlow, {
      "from": "active.(resend.sending + code.editing)",
      "steps": [
        {
          "action": "verify.change (values: [\"•\",\"•\",\"•\",\"•\"])",
          "event": {
            "type": "verify.change",
            "values": [
              "•",
              "•",
              "•",
              "•"
            ]
          },
          "to": "active.(resend.sending + code.editing)"
        },
        {
          "action": "verify.submit",
          "event": {
            "type": "verify.submit"
          },
          "to": "active.(resend.sending + code.verifying)"
        },
        {
          "action": "the verify call answers: Email verified",
          "event": {
            "type": "xstate.done.actor.verify",
            "output": {
              "type": "success",
              "message": "Email verified"
            }
          },
          "to": "verified"
        }
      ]
    }),
  );
  test("6. the verify call fails: invalid otp → active.(resend.sending + code.editing)", ({ page, request }) =>
    walkPath(page, request, verifyEmailFlow, {
      "from": "active.(resend.sending + code.editing)",
      "steps": [
        {
          "action": "verify.change (values: [\"•\",\"•\",\"•\",\"•\"])",
          "event": {
            "type": "verify.change",
            "values": [
              "•",
              "•",
              "•",
              "•"
            ]
          },
          "to": "active.(resend.sending + code.editing)"
        },
        {
          "action": "verify.submit",
          "event": {
            "type": "verify.submit"
          },
          "to": "active.(resend.sending + code.verifying)"
        },
        {
          "action": "the verify call fails: invalid otp",
          "event": {
            "type": "xstate.error.actor.verify",
            "error": "invalid otp"
          },
          "to": "active.(resend.sending + code.editing)"
        }
      ]
    }),
  );
});
