// Written by `npm run paths -- otpCountdown --playwright` from testkit/models/account/otpCountdown.model.ts (traversal "from 59 s"):
// the shortest path to every transition, walked in Chromium against the real server. Do not edit;
// regenerate. tests/generatedSpecs.test.ts fails while this file is stale.
import { test } from '../../support/e2e/journeys';
import { walkPath } from '../flows/browserFlow';
import { otpCountdownFlow } from '../flows/otpCountdown';

test.describe('otpCountdown: every transition in the browser', () => {
  test("1. 1 s passes → done", ({ page, request }) =>
    walkPath(page, request, otpCountdownFlow, {
      "from": "counting",
      "steps": [
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "counting"
        },
        {
          "action": "1 s passes",
          "event": {
            "type": "xstate.after.tick.otpCountdown.counting"
          },
          "to": "done"
        }
      ]
    }),
  );
});
