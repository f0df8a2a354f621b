import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/purchases/merchantVerification.ts in docs/machines. */
export default {
  summary:
    '“Verify Merchant” on electricity, betting and cable: looks up the holder of a meter, account or smartcard number.',
  events: {
    'merchant.verify': '“Verify Merchant”, with the provider and the number.',
    'merchant.reset': 'The owner starts the next purchase unverified.',
  },
  guards: {},
  actions: {
    noteNumber: 'Notes the number sent for verification.',
    keepDetails: 'Keeps the holder’s details.',
    forget: 'Forgets the details and the number.',
    reportVerified: 'Tells the owner the holder and the number verified.',
    reportFailed: 'Tells the owner the verification failed.',
  },
  actors: {
    verifyMerchant: 'Asks the server who holds the number.',
  },
  delays: {},
} satisfies MachineDescription;
