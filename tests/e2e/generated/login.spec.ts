// Written by `npm run paths -- login --playwright` from testkit/models/account/login.model.ts (traversal "from an empty form"):
// the shortest path to every transition, walked in Chromium against the real server. Do not edit;
// regenerate. tests/generatedSpecs.test.ts fails while this file is stale.
//
// Not walked in the browser (their model suite walks them):
// - 5. the captcha call fails: something went wrong, please allow the site to finish loading before clicking → editing: the development captcha (no VITE_CAPTCHA_SITE_KEY) answers at once and never fails
import { test } from '../../support/e2e/journeys';
import { walkPath } from '../flows/browserFlow';
import { loginFlow } from '../flows/login';

test.describe('login: every transition in the browser', () => {
  test("1. login.submit → editing", ({ page, request }) =>
    walkPath(page, request, loginFlow, {
      "from": "editing",
      "steps": [
        {
          "action": "login.submit",
          "event": {
            "type": "login.submit"
          },
          "to": "editing"
        }
      ]
    }),
  );
  test("2. the login call answers: Login successful, landing on /verify-email → loggedIn", ({ page, request }) =>
    walkPath(page, request, loginFlow, {
      "from": "editing",
      "steps": [
        {
          "action": "login.change (field: \"email\", value: \" ada@example.com \")",
          "event": {
            "type": "login.change",
            "field": "email",
            "value": " ada@example.com "
          },
          "to": "editing"
        },
        {
          "action": "login.change (field: \"password\", value: \"•••\")",
          "event": {
            "type": "login.change",
            "field": "password",
            "value": "•••"
          },
          "to": "editing"
        },
        {
          "action": "login.submit",
          "event": {
            "type": "login.submit"
          },
          "to": "submitting"
        },
        {
          "action": "the login call answers: Login successful, landing on /verify-email",
          "event": {
            "type": "xstate.done.actor.login",
            "lands": "/verify-email",
            "output": {
              "type": "success",
              "message": "Login successful"
            }
          },
          "to": "loggedIn"
        }
      ]
    }),
  );
  test("3. the login call fails: These credentials do not match our records. → editing", ({ page, request }) =>
    walkPath(page, request, loginFlow, {
      "from": "editing",
      "steps": [
        {
          "action": "login.change (field: \"email\", value: \" ada@example.com \")",
          "event": {
            "type": "login.change",
            "field": "email",
            "value": " ada@example.com "
          },
          "to": "editing"
        },
        {
          "action": "login.change (field: \"password\", value: \"•••\")",
          "event": {
            "type": "login.change",
            "field": "password",
            "value": "•••"
          },
          "to": "editing"
        },
        {
          "action": "login.submit",
          "event": {
            "type": "login.submit"
          },
          "to": "submitting"
        },
        {
          "action": "the login call fails: These credentials do not match our records.",
          "event": {
            "type": "xstate.error.actor.login",
            "error": "These credentials do not match our records."
          },
          "to": "editing"
        }
      ]
    }),
  );
  test("4. the captcha call answers: ••• → submitting", ({ page, request }) =>
    walkPath(page, request, loginFlow, {
      "from": "editing",
      "steps": [
        {
          "action": "login.change (field: \"email\", value: \" ada@example.com \")",
          "event": {
            "type": "login.change",
            "field": "email",
            "value": " ada@example.com "
          },
          "to": "editing"
        },
        {
          "action": "login.change (field: \"password\", value: \"•••\")",
          "event": {
            "type": "login.change",
            "field": "password",
            "value": "•••"
          },
          "to": "editing"
        },
        {
          "action": "login.submit",
          "event": {
            "type": "login.submit"
          },
          "to": "submitting"
        },
        {
          "action": "the login call fails: please complete the bot check to log in: there were too many failed attempts",
          "event": {
            "type": "xstate.error.actor.login",
            "error": {
              "envelope": {
                "type": "error",
                "message": "please complete the bot check to log in: there were too many failed attempts",
                "data": {
                  "reason": "captcha-required"
                }
              },
              "name": "ApiError",
              "message": "please complete the bot check to log in: there were too many failed attempts"
            }
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
        }
      ]
    }),
  );
});
