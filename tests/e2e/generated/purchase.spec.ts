// Written by `npm run paths -- purchase --playwright` from testkit/models/purchases/purchase.model.ts (traversal "electricity"):
// the shortest path to every transition, walked in Chromium against the real server. Do not edit;
// regenerate. tests/generatedSpecs.test.ts fails while this file is stale.
import { test } from '../../support/e2e/journeys';
import { walkPath } from '../flows/browserFlow';
import { purchaseFlow } from '../flows/purchase';

test.describe('purchase: every transition in the browser', () => {
  test("1. the recent call fails: Failed to fetch → product.available + flow.editing + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call fails: Failed to fetch",
          "event": {
            "type": "xstate.error.actor.recent",
            "error": "Failed to fetch"
          },
          "to": "product.available + flow.editing + recent.loaded"
        }
      ]
    }),
  );
  test("2. type the amount: \"₦5e00\" → product.available + flow.editing + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the amount: \"₦5e00\"",
          "event": {
            "type": "form.amount",
            "value": "₦5e00"
          },
          "to": "product.available + flow.editing + recent.loaded"
        }
      ]
    }),
  );
  test("3. type the number: \"4501-x 2345678\" → product.available + flow.editing + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the number: \"4501-x 2345678\"",
          "event": {
            "type": "form.beneficiary",
            "value": "4501-x 2345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        }
      ]
    }),
  );
  test("4. press Continue → product.available + flow.editing + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.editing + recent.loaded"
        }
      ]
    }),
  );
  test("5. the merchant check answers: merchant not found → product.available + flow.editing + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "pick the provider #21",
          "event": {
            "type": "form.provider",
            "value": "21"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the number: \"4501-x 2345678\"",
          "event": {
            "type": "form.beneficiary",
            "value": "4501-x 2345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the amount: \"₦5e00\"",
          "event": {
            "type": "form.amount",
            "value": "₦5e00"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.verifying + recent.loaded"
        },
        {
          "action": "the merchant check answers: merchant not found",
          "event": {
            "type": "merchant.failed"
          },
          "to": "product.available + flow.editing + recent.loaded"
        }
      ]
    }),
  );
  test("6. cancel the pin dialog → product.available + flow.editing + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "pick the provider #21",
          "event": {
            "type": "form.provider",
            "value": "21"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the number: \"4501-x 2345678\"",
          "event": {
            "type": "form.beneficiary",
            "value": "4501-x 2345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the amount: \"₦5e00\"",
          "event": {
            "type": "form.amount",
            "value": "₦5e00"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.verifying + recent.loaded"
        },
        {
          "action": "the merchant check answers: ADA OBI for 45012345678",
          "event": {
            "type": "merchant.verified",
            "details": {
              "name": "ADA OBI",
              "address": "12 Allen Avenue, Ikeja"
            },
            "beneficiary": "45012345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.authorising + recent.loaded"
        },
        {
          "action": "cancel the pin dialog",
          "event": {
            "type": "pin.cancelled"
          },
          "to": "product.available + flow.editing + recent.loaded"
        }
      ]
    }),
  );
  test("7. close the result → product.available + flow.editing + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "tap the recent number 08099990000",
          "event": {
            "type": "form.recent",
            "beneficiary": "08099990000",
            "providerId": "21"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the amount: \"₦5e00\"",
          "event": {
            "type": "form.amount",
            "value": "₦5e00"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.verifying + recent.loaded"
        },
        {
          "action": "the merchant check answers: ADA OBI for 08099990000",
          "event": {
            "type": "merchant.verified",
            "details": {
              "name": "ADA OBI",
              "address": "12 Allen Avenue, Ikeja"
            },
            "beneficiary": "08099990000"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.authorising + recent.loaded"
        },
        {
          "action": "type the transaction pin <pin> and submit it",
          "event": {
            "type": "pin.accepted",
            "pin": "•••"
          },
          "to": "product.available + flow.submitting + recent.loaded"
        },
        {
          "action": "the purchase call answers: completed (“Token : •••”)",
          "event": {
            "type": "xstate.done.actor.purchase",
            "output": {
              "type": "success",
              "message": "Token : •••",
              "status": "completed"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "close the result",
          "event": {
            "type": "result.dismiss"
          },
          "to": "product.available + flow.editing + recent.loaded"
        }
      ]
    }),
  );
  test("8. the purchase call answers: pin-incorrect (“transaction pin not correct”) → product.available + flow.authorising + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "pick the provider #21",
          "event": {
            "type": "form.provider",
            "value": "21"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the number: \"4501-x 2345678\"",
          "event": {
            "type": "form.beneficiary",
            "value": "4501-x 2345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the amount: \"₦5e00\"",
          "event": {
            "type": "form.amount",
            "value": "₦5e00"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.verifying + recent.loaded"
        },
        {
          "action": "the merchant check answers: ADA OBI for 45012345678",
          "event": {
            "type": "merchant.verified",
            "details": {
              "name": "ADA OBI",
              "address": "12 Allen Avenue, Ikeja"
            },
            "beneficiary": "45012345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.authorising + recent.loaded"
        },
        {
          "action": "type the transaction pin <pin> and submit it",
          "event": {
            "type": "pin.accepted",
            "pin": "•••"
          },
          "to": "product.available + flow.submitting + recent.loaded"
        },
        {
          "action": "the purchase call answers: pin-incorrect (“transaction pin not correct”)",
          "event": {
            "type": "xstate.done.actor.purchase",
            "output": {
              "type": "error",
              "message": "transaction pin not correct",
              "reason": "pin-incorrect"
            }
          },
          "to": "product.available + flow.authorising + recent.loaded"
        }
      ]
    }),
  );
  test("9. the purchase call fails: Failed to fetch → product.available + flow.editing + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "pick the provider #21",
          "event": {
            "type": "form.provider",
            "value": "21"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the number: \"4501-x 2345678\"",
          "event": {
            "type": "form.beneficiary",
            "value": "4501-x 2345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the amount: \"₦5e00\"",
          "event": {
            "type": "form.amount",
            "value": "₦5e00"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.verifying + recent.loaded"
        },
        {
          "action": "the merchant check answers: ADA OBI for 45012345678",
          "event": {
            "type": "merchant.verified",
            "details": {
              "name": "ADA OBI",
              "address": "12 Allen Avenue, Ikeja"
            },
            "beneficiary": "45012345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.authorising + recent.loaded"
        },
        {
          "action": "type the transaction pin <pin> and submit it",
          "event": {
            "type": "pin.accepted",
            "pin": "•••"
          },
          "to": "product.available + flow.submitting + recent.loaded"
        },
        {
          "action": "the purchase call fails: Failed to fetch",
          "event": {
            "type": "xstate.error.actor.purchase",
            "error": "Failed to fetch"
          },
          "to": "product.available + flow.editing + recent.loaded"
        }
      ]
    }),
  );
  test("10. the purchase call answers: refunded (“transaction failed, your wallet has been refunded”) → product.available + flow.editing + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "pick the provider #21",
          "event": {
            "type": "form.provider",
            "value": "21"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the number: \"4501-x 2345678\"",
          "event": {
            "type": "form.beneficiary",
            "value": "4501-x 2345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the amount: \"₦5e00\"",
          "event": {
            "type": "form.amount",
            "value": "₦5e00"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.verifying + recent.loaded"
        },
        {
          "action": "the merchant check answers: ADA OBI for 45012345678",
          "event": {
            "type": "merchant.verified",
            "details": {
              "name": "ADA OBI",
              "address": "12 Allen Avenue, Ikeja"
            },
            "beneficiary": "45012345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.authorising + recent.loaded"
        },
        {
          "action": "type the transaction pin <pin> and submit it",
          "event": {
            "type": "pin.accepted",
            "pin": "•••"
          },
          "to": "product.available + flow.submitting + recent.loaded"
        },
        {
          "action": "the purchase call answers: refunded (“transaction failed, your wallet has been refunded”)",
          "event": {
            "type": "xstate.done.actor.purchase",
            "output": {
              "type": "error",
              "message": "transaction failed, your wallet has been refunded"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        }
      ]
    }),
  );
  test("11. the purchase call answers: pin-logout (“too many wrong transaction pins: you have been logged out (authorization revoked)”) → product.available + flow.signedOut + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "pick the provider #21",
          "event": {
            "type": "form.provider",
            "value": "21"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the number: \"4501-x 2345678\"",
          "event": {
            "type": "form.beneficiary",
            "value": "4501-x 2345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the amount: \"₦5e00\"",
          "event": {
            "type": "form.amount",
            "value": "₦5e00"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.verifying + recent.loaded"
        },
        {
          "action": "the merchant check answers: ADA OBI for 45012345678",
          "event": {
            "type": "merchant.verified",
            "details": {
              "name": "ADA OBI",
              "address": "12 Allen Avenue, Ikeja"
            },
            "beneficiary": "45012345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.authorising + recent.loaded"
        },
        {
          "action": "type the transaction pin <pin> and submit it",
          "event": {
            "type": "pin.accepted",
            "pin": "•••"
          },
          "to": "product.available + flow.submitting + recent.loaded"
        },
        {
          "action": "the purchase call answers: pin-logout (“too many wrong transaction pins: you have been logged out (authorization revoked)”)",
          "event": {
            "type": "xstate.done.actor.purchase",
            "output": {
              "type": "error",
              "message": "too many wrong transaction pins: you have been logged out (authorization revoked)",
              "reason": "pin-logout"
            }
          },
          "to": "product.available + flow.signedOut + recent.loaded"
        }
      ]
    }),
  );
  test("12. the purchase call answers: pin-locked (“purchases are locked after repeated wrong pins: please reset your transaction pin (Forgot pin?)”) → product.available + flow.editing + recent.loaded", ({ page, request }) =>
    walkPath(page, request, purchaseFlow, {
      "from": "product.available + flow.editing + recent.loading",
      "steps": [
        {
          "action": "the recent call answers: recent beneficiaries",
          "event": {
            "type": "xstate.done.actor.recent",
            "output": {
              "type": "success",
              "message": "recent beneficiaries"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "pick the provider #21",
          "event": {
            "type": "form.provider",
            "value": "21"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the number: \"4501-x 2345678\"",
          "event": {
            "type": "form.beneficiary",
            "value": "4501-x 2345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "type the amount: \"₦5e00\"",
          "event": {
            "type": "form.amount",
            "value": "₦5e00"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.verifying + recent.loaded"
        },
        {
          "action": "the merchant check answers: ADA OBI for 45012345678",
          "event": {
            "type": "merchant.verified",
            "details": {
              "name": "ADA OBI",
              "address": "12 Allen Avenue, Ikeja"
            },
            "beneficiary": "45012345678"
          },
          "to": "product.available + flow.editing + recent.loaded"
        },
        {
          "action": "press Continue",
          "event": {
            "type": "purchase.continue"
          },
          "to": "product.available + flow.authorising + recent.loaded"
        },
        {
          "action": "type the transaction pin <pin> and submit it",
          "event": {
            "type": "pin.accepted",
            "pin": "•••"
          },
          "to": "product.available + flow.submitting + recent.loaded"
        },
        {
          "action": "the purchase call answers: pin-locked (“purchases are locked after repeated wrong pins: please reset your transaction pin (Forgot pin?)”)",
          "event": {
            "type": "xstate.done.actor.purchase",
            "output": {
              "type": "error",
              "message": "purchases are locked after repeated wrong pins: please reset your transaction pin (Forgot pin?)",
              "reason": "pin-locked"
            }
          },
          "to": "product.available + flow.editing + recent.loaded"
        }
      ]
    }),
  );
});
