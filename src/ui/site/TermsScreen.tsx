import { Link } from 'react-router-dom';
import { DEFAULT_MAX_ATTEMPTS, MINIMUM_AGE, OTP_LENGTH, PIN_LENGTH } from '../../../core/limits';
import { formatNaira, koboToNaira } from '../../../core/money';
import { TIERS } from '../../../core/tiers';
import { cashbackRatesText, noCashbackText } from '../../domain/purchases/cashbackRates';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { termsTitle } from './siteWords';

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));
const balanceCap = (kobo: bigint | null) =>
  kobo === null ? 'with no balance cap' : `and a maximum balance of ${naira(kobo)}`;

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement',
    body: (
      <p>
        These Terms of Service are an agreement between you and Naira Wallet ("we", "us") for the use of the Naira
        Wallet web application and any app that embeds it (together, "the service"). By creating an account or using the
        service you accept these terms and our <Link to="/policy">Privacy Policy</Link>. If you do not accept them, do
        not use the service.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use the service',
    body: (
      <>
        <p>
          You must be at least {MINIMUM_AGE} years old, or of legal age to enter into a binding contract where you live
          if that age is higher. By registering you confirm that you meet this requirement. We may ask for proof of age
          and close accounts that do not meet it.
        </p>
        <p>You may hold one personal account. Accounts may not be opened for, sold or lent to anyone else.</p>
      </>
    ),
  },
  {
    id: 'services',
    title: 'Our services',
    body: (
      <>
        <p>Through your wallet you can pay for:</p>
        <ul>
          <li>airtime on MTN, Airtel, Glo and 9mobile;</li>
          <li>internet data plans;</li>
          <li>electricity, prepaid (by meter token) from the distribution companies we list;</li>
          <li>betting account top-ups with the operators we list;</li>
          <li>cable TV subscriptions such as DStv, GOtv and StarTimes;</li>
          <li>JAMB and WAEC pins.</li>
        </ul>
        <p>
          Each service is supplied by its provider (a network, a distribution company, an operator or an examination
          body). We pass your payment and details to that provider; the provider's own terms govern what it delivers. We
          show the providers and plans available at the time of purchase, and the list may change.
        </p>
      </>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <>
        <p>
          You must give your real name, a working e-mail address and your own phone number, and keep them up to date. We
          confirm your e-mail address with a {OTP_LENGTH}-digit one-time code before the account can be used.
        </p>
        <p>
          You are responsible for everything done with your password and transaction pin. Tell us at once through the
          Support page if you think someone else knows them or has used your account.
        </p>
      </>
    ),
  },
  {
    id: 'transaction-pin',
    title: 'Your transaction pin',
    body: (
      <>
        <p>
          Every purchase is confirmed with your {PIN_LENGTH}-digit transaction pin. Treat it like your ATM pin: do not
          share it, do not write it down next to your phone, and choose one that is not your birthday or an easy
          sequence. Our staff will never ask for your pin, password or one-time code.
        </p>
        <p>
          After {DEFAULT_MAX_ATTEMPTS} wrong pin attempts you are signed out for your protection. You can change your
          pin from your profile at any time, and reset your password (and then your pin) by e-mail if you forget it.
        </p>
      </>
    ),
  },
  {
    id: 'wallet-funding',
    title: 'Wallet and funding',
    body: (
      <>
        <p>
          You fund your wallet by bank transfer to the dedicated account number(s) shown on the Fund Wallet page. These
          accounts are issued in your name by our partner banks. Your wallet is credited once the bank confirms the
          transfer, normally within minutes.
        </p>
        <p>
          Your wallet balance is prepaid value for buying the services above. It is not a savings or deposit account and
          does not earn interest. Transfers from an account that is not in your name may be held until we confirm they
          are genuine.
        </p>
      </>
    ),
  },
  {
    id: 'kyc',
    title: 'Identity checks and limits',
    body: (
      <>
        <p>
          The Central Bank of Nigeria (CBN) requires every wallet to be linked to a Bank Verification Number (BVN) or a
          National Identification Number (NIN) before it can be funded. You verify them on your profile or on Fund
          Wallet; we check them with NIBSS and NIMC through our identity provider, and the name they hold must match the
          name on your profile, which is then fixed (support changes it). We keep only when a number was verified, its
          last four digits and a one-way code that stops it being used for another account; the number itself goes to
          our banking partners, who open your account numbers with it, and is not kept by us. Your purchase and balance
          limits follow the CBN tiered KYC framework:
        </p>
        <ul>
          {TIERS.map((rule) => (
            <li key={rule.tier}>
              {rule.tier === 0 ? 'Not verified' : `Tier ${rule.tier}`} ({rule.requirement}):{' '}
              {rule.canFund
                ? `purchases up to ${naira(rule.dailyLimitKobo)} a day (Lagos time), ` +
                  `${balanceCap(rule.balanceCapKobo)}.`
                : 'no account numbers and no card top-ups; money already in the wallet can be spent, ' +
                  `up to ${naira(rule.dailyLimitKobo)} a day.`}
            </li>
          ))}
        </ul>
        <p>
          A purchase that would pass your daily limit is refused, and you are told what is left for the day. Money sent
          to your wallet is always credited, even past your balance cap; we then ask you to verify your identity to
          raise it. A card top-up is limited to what your tier lets your wallet hold, and the card partner&apos;s fee is
          shown before you pay. These limits change when the CBN changes them.
        </p>
      </>
    ),
  },
  {
    id: 'payments-final',
    title: 'Payments are final',
    body: (
      <>
        <p>
          Check the phone number, meter number, smartcard number or account number before you confirm. Once a purchase
          is completed it cannot be cancelled, reversed or refunded: airtime and data are delivered instantly, and
          electricity tokens and exam pins are tied to the meter or candidate they were bought for.
        </p>
        <p>
          If a provider fails to deliver, the amount is returned to your wallet. A purchase shown as pending or
          processing is still being confirmed with the provider; we check it again until it is completed or canceled,
          and never refund it before the provider tells us it failed. You can follow every status in Activities.
        </p>
      </>
    ),
  },
  {
    id: 'fees-cashback',
    title: 'Fees and cashback',
    body: (
      <p>
        Any fee is shown before you confirm a purchase. A completed purchase earns cashback of {cashbackRatesText()} of
        its amount; {noCashbackText()} earn none. It is credited to your wallet when the purchase completes, and a
        purchase that fails and is refunded earns none. Rates may be changed or ended at any time, and cashback obtained
        by fraud or abuse is reversed.
      </p>
    ),
  },
  {
    id: 'betting-top-ups',
    title: 'Betting top-ups',
    body: (
      <p>
        Betting top-ups are only for users who meet the minimum age and may legally bet where they live. We only fund
        your account with the operator; the operator is responsible for its games, and its own terms apply. Please bet
        responsibly.
      </p>
    ),
  },
  {
    id: 'suspension',
    title: 'Fraud and suspension',
    body: (
      <>
        <p>We may suspend or close your access, hold your balance and refuse transactions if we reasonably suspect:</p>
        <ul>
          <li>fraud, or use of the service with stolen funds, cards or identities;</li>
          <li>money laundering, terrorism financing or another crime;</li>
          <li>abuse of offers, automated or bulk use, or attacks on the service;</li>
          <li>a serious or repeated breach of these terms.</li>
        </ul>
        <p>
          We will tell you why unless the law or an investigation prevents it. We report suspicious activity to the
          authorities as the law requires and release held funds only as the law allows.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and liability',
    body: (
      <p>
        We work to keep the service available, but providers and banks have outages and maintenance, so we cannot
        promise an uninterrupted service. Within what the law allows, we are not liable for losses caused by events
        outside our reasonable control, by a provider, or by details you entered wrongly. Nothing in these terms limits
        rights you have under Nigerian consumer protection law.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will give you notice of material changes by e-mail or in the app before they take
        effect. If you keep using the service after that, you accept the new terms; if you do not, you may close your
        account.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and complaints',
    body: (
      <p>
        These terms are governed by the laws of the Federal Republic of Nigeria. If something goes wrong, contact us
        through the Support page first; we will acknowledge your complaint and tell you how we will resolve it. If you
        are not satisfied, you may escalate to the Consumer Protection Department of the CBN or the Federal Competition
        and Consumer Protection Commission, or go to a court in Nigeria.
      </p>
    ),
  },
];

/** /terms: the Terms of Service. */
export default function TermsScreen() {
  return (
    <LegalDocument
      title={termsTitle}
      updated="21 November 2026"
      intro={
        <p>
          Plain-language terms for using Naira Wallet to hold a naira balance and pay bills. Please read them before you
          sign up.
        </p>
      }
      sections={sections}
    />
  );
}
