// Written by `npm run paths -- register --playwright` from testkit/models/account/register.model.ts (traversal "from an empty form"):
// the shortest path to every transition, walked in Chromium against the real server. Do not edit;
// regenerate. tests/generatedSpecs.test.ts fails while this file is stale.
//
// Not walked in the browser (their model suite walks them):
// - 3. the captcha call fails: something went wrong, please allow the site to finish loading before clicking → editing: the development captcha (no VITE_CAPTCHA_SITE_KEY) answers at once and never fails
import { test } from '../../support/e2e/journeys';
import { walkPath } from '../flows/browserFlow';
import { registerFlow } from '../flows/register';

test.describe('register: every transition in the browser', () => {
  test("1. tick the terms box → editing", ({ page, request }) =>
    walkPath(page, request, registerFlow, {
      "from": "editing",
      "steps": [
        {
          "action": "tick the terms box",
          "event": {
            "type": "register.terms",
            "accepted": true
          },
          "to": "editing"
        }
      ]
    }),
  );
  test("2. register.submit → editing", ({ page, request }) =>
    walkPath(page, request, registerFlow, {
      "from": "editing",
      "steps": [
        {
          "action": "register.submit",
          "event": {
            "type": "register.submit"
          },
          "to": "editing"
        }
      ]
    }),
  );
  test("4. the register call answers: Account created, check your e-mail for the code → registered", ({ page, request }) =>
    walkPath(page, request, registerFlow, {
      "from": "editing",
      "steps": [
        {
          "action": "register.change (field: \"name\", value: \"Ada Obi\")",
          "event": {
            "type": "register.change",
            "field": "name",
            "value": "Ada Obi"
          },
          "to": "editing"
        },
        {
          "action": "register.change (field: \"email\", value: \" ada@example.com \")",
          "event": {
            "type": "register.change",
            "field": "email",
            "value": " ada@example.com "
          },
          "to": "editing"
        },
        {
          "action": "register.change (field: \"phone\", value: \"+234 801 234-5678\")",
          "event": {
            "type": "register.change",
            "field": "phone",
            "value": "+234 801 234-5678"
          },
          "to": "editing"
        },
        {
          "action": "register.change (field: \"password\", value: \"•••\")",
          "event": {
            "type": "register.change",
            "field": "password",
            "value": "•••"
          },
          "to": "editing"
        },
        {
          "action": "register.change (field: \"confirm_password\", value: \"•••\")",
          "event": {
            "type": "register.change",
            "field": "confirm_password",
            "value": "•••"
          },
          "to": "editing"
        },
        {
          "action": "tick the terms box",
          "event": {
            "type": "register.terms",
            "accepted": true
          },
          "to": "editing"
        },
        {
          "action": "register.submit",
          "event": {
            "type": "register.submit"
          },
          "to": "verifyingHuman"
        },
        {
          "action": "the captcha call answers: •••",
          "event": {
            "type": "xstate.done.actor.captcha",
            "output": "•••"
          },
          "to": "submitting"
        },
        {
          "action": "the register call answers: Account created, check your e-mail for the code",
          "event": {
            "type": "xstate.done.actor.register",
            "output": {
              "type": "success",
              "message": "Account created, check your e-mail for the code"
            }
          },
          "to": "registered"
        }
      ]
    }),
  );
  test("5. the register call fails: The email has already been taken. → editing", ({ page, request }) =>
    walkPath(page, request, registerFlow, {
      "from": "editing",
      "steps": [
        {
          "action": "register.change (field: \"name\", value: \"Ada Obi\")",
          "event": {
            "type": "register.change",
            "field": "name",
            "value": "Ada Obi"
          },
          "to": "editing"
        },
        {
          "action": "register.change (field: \"email\", value: \" ada@example.com \")",
          "event": {
            "type": "register.change",
            "field": "email",
            "value": " ada@example.com "
          },
          "to": "editing"
        },
        {
          "action": "register.change (field: \"phone\", value: \"+234 801 234-5678\")",
          "event": {
            "type": "register.change",
            "field": "phone",
            "value": "+234 801 234-5678"
          },
          "to": "editing"
        },
        {
          "action": "register.change (field: \"password\", value: \"•••\")",
          "event": {
            "type": "register.change",
            "field": "password",
            "value": "•••"
          },
          "to": "editing"
        },
        {
          "action": "register.change (field: \"confirm_password\", value: \"•••\")",
          "event": {
            "type": "register.change",
            "field": "confirm_password",
            "value": "•••"
          },
          "to": "editing"
        },
        {
          "action": "tick the terms box",
          "event": {
            "type": "register.terms",
            "accepted": true
          },
          "to": "editing"
        },
        {
          "action": "register.submit",
          "event": {
            "type": "register.submit"
          },
          "to": "verifyingHuman"
        },
        {
          "action": "the captcha call answers: •••",
          "event": {
            "type": "xstate.done.actor.captcha",
            "output": "•••"
          },
          "to": "submitting"
        },
        {
          "action": "the register call fails: The email has already been taken.",
          "event": {
            "type": "xstate.error.actor.register",
            "error": "The email has already been taken."
          },
          "to": "editing"
        }
      ]
    }),
  );
});
