import { PhoneVerification } from './PhoneVerification';

/**
 * The dashboard's one-time prompt for an account whose phone is not verified: what a verified
 * phone brings, and the code's steps in place. Loaded only for such an account, after the page
 * is drawn, at the page's end, so nothing of the dashboard moves when it appears.
 */
export default function PhonePrompt() {
  return (
    <section className="card phone-prompt" aria-labelledby="phone-prompt-title">
      <h2 id="phone-prompt-title" className="section-heading">
        Get a text for every payment
      </h2>
      <p className="hint">
        Verify your phone number and we will text you the outcome of every payment and funding, with the token or pin
        you buy.
      </p>
      <PhoneVerification prompt />
    </section>
  );
}
