/**
 * Runs the fake Monnify and Paystack as a process of their own, for a browser run of the journey
 * suite on the real adapters (a Playwright `webServer` entry):
 *
 *   FAKE_MONNIFY_PORT=3481 FAKE_PAYSTACK_PORT=3482 APP_URL=http://127.0.0.1:3456 tsx testkit/fakes/serve.ts
 *
 * and the app with BANK_PARTNERS=monnify (or monnify,paystack), MONNIFY_BASE_URL=http://127.0.0.1:3481,
 * PAYSTACK_BASE_URL=http://127.0.0.1:3482 and the keys printed below (the fakes' defaults).
 * Each fake sends its webhooks to APP_URL; GET /__fake/health answers 200 once it listens.
 */
import { startFakeMonnify } from './monnifyServer';
import { startFakePaystack } from './paystackServer';

const appUrl = process.env.APP_URL ?? 'http://127.0.0.1:3456';
const monnify = await startFakeMonnify({
  port: Number(process.env.FAKE_MONNIFY_PORT ?? 3481),
  webhookUrl: `${appUrl}/api/webhooks/monnify`,
});
const paystack = await startFakePaystack({
  port: Number(process.env.FAKE_PAYSTACK_PORT ?? 3482),
  webhookUrl: `${appUrl}/api/webhooks/paystack`,
});
console.log(
  `fake Monnify at ${monnify.url}: MONNIFY_API_KEY=${monnify.apiKey} MONNIFY_SECRET_KEY=${monnify.secretKey} MONNIFY_CONTRACT_CODE=${monnify.contractCode}`,
);
console.log(`fake Paystack at ${paystack.url}: PAYSTACK_SECRET_KEY=${paystack.secretKey}`);

const stop = async () => {
  await Promise.all([monnify.close(), paystack.close()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
