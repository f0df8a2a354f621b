import { Link } from 'react-router-dom';
import { MINIMUM_AGE } from '../../../core/limits';
import { LegalDocument, type LegalSection } from './LegalDocument';
import { policyTitle } from './siteWords';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Naira Wallet is the data controller of the personal data described here. We process it under the Nigeria Data
        Protection Act 2023 (NDPA) and the rules of the Nigeria Data Protection Commission (NDPC). This policy explains
        what we collect, why, how long we keep it, and your rights.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account details:</strong> your name, e-mail address, phone number and password (stored only as a
          one-way hash).
        </li>
        <li>
          <strong>Identity details:</strong> your NIN and BVN, checked with NIMC and NIBSS for the CBN's customer
          checks. We keep only that they were verified, their last four digits and a one-way fingerprint that stops one
          identity verifying two accounts; never the numbers themselves.
        </li>
        <li>
          <strong>Transactions:</strong> what you buy, the phone, meter, smartcard or account numbers you pay for,
          amounts, references, statuses, tokens and pins delivered to you.
        </li>
        <li>
          <strong>Wallet funding:</strong> your dedicated account numbers and, for each transfer you receive, the
          sender's name and bank, the amount and the bank's reference.
        </li>
        <li>
          <strong>Security data:</strong> your transaction pin (encrypted), sign-in sessions, device type, IP address
          and the result of bot checks run when you register or reset your password.
        </li>
        <li>
          <strong>Messages:</strong> what you send to support and the notifications we send you.
        </li>
      </ul>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <>
        <p>We use your data only for these purposes, each with a lawful basis under the NDPA:</p>
        <ul>
          <li>
            to open and run your account, fund your wallet and deliver what you pay for (performance of our contract
            with you);
          </li>
          <li>
            to verify your identity, apply CBN limits, keep records and report suspicious activity (legal obligation);
          </li>
          <li>to prevent fraud, secure accounts and fix problems (our legitimate interest in a safe service);</li>
          <li>
            to send offers such as cashback promotions, only if you agree (consent, which you can withdraw at any time).
          </li>
        </ul>
        <p>We do not sell your personal data, and we do not use it for advertising by third parties.</p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <ul>
          <li>
            the provider of each purchase (network, distribution company, operator, examination body), only what it
            needs to deliver it;
          </li>
          <li>our partner banks, to issue your dedicated account numbers and receive your transfers;</li>
          <li>identity verification services connected to NIBSS (BVN) and NIMC (NIN);</li>
          <li>
            service providers that send our e-mails, run bot checks and host our systems, under contracts that protect
            your data;
          </li>
          <li>regulators, courts and law enforcement, when the law requires it.</li>
        </ul>
        <p>
          If data is transferred outside Nigeria, we do so only where the NDPA allows it, with adequate protection in
          place.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        We keep account data while your account is open. Transaction and identity records are kept for at least five
        years after the transaction or the end of our relationship, as Nigerian anti-money-laundering law requires.
        Security logs are kept for a shorter, limited period. When data is no longer needed, we delete or anonymise it.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Connections are encrypted, passwords are hashed, and your transaction pin is encrypted at rest. Your BVN and NIN
        are never stored or written to logs: the app shows only their last four digits. Staff access personal data only
        when their work requires it. No system is perfectly secure, so we also ask you to keep your password, pin and
        one-time codes to yourself.
      </p>
    ),
  },
  {
    id: 'browser-storage',
    title: 'Storage in your browser',
    body: (
      <p>
        To keep you signed in, the app stores your session and profile details in your browser's local storage. Signing
        out overwrites them. We do not use advertising or tracking cookies. Sign out when you use a shared device.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the NDPA you have the right to:</p>
        <ul>
          <li>be told how your data is used, and get a copy of it;</li>
          <li>have wrong or incomplete data corrected (you can edit your name and phone in your profile);</li>
          <li>have data erased, or its use restricted, where we no longer have a lawful reason to keep it;</li>
          <li>receive your data in a common, machine-readable format;</li>
          <li>object to processing based on our legitimate interests, and withdraw consent at any time;</li>
          <li>not be subject to a decision based solely on automated processing that significantly affects you.</li>
        </ul>
        <p>
          Some records must be kept by law even if you ask us to delete them; we will tell you when that applies. To use
          a right, contact us as described below.
        </p>
      </>
    ),
  },
  {
    id: 'breaches',
    title: 'If a breach happens',
    body: (
      <p>
        If a personal data breach is likely to put your rights at risk, we notify the Nigeria Data Protection Commission
        within 72 hours of becoming aware of it. If the risk to you is high, we also tell you directly and without undue
        delay, in plain language, with what happened and what you can do to protect yourself.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        The service is for people aged {MINIMUM_AGE} or older (see our{' '}
        <Link to="/terms#eligibility">Terms of Service</Link>). We do not knowingly collect data about children; if we
        learn we have, we delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will tell you about material changes by e-mail or in the app before they take effect. The date at the top
        shows the latest version.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact and complaints',
    body: (
      <p>
        Questions, requests and complaints go to our Data Protection Officer through the Support page of the app. We
        reply as quickly as we can and within the time the NDPA allows. If you are not satisfied with our answer, you
        can complain to the Nigeria Data Protection Commission (NDPC).
      </p>
    ),
  },
];

/** /policy: the Privacy Policy, under the Nigeria Data Protection Act 2023. */
export default function PolicyScreen() {
  return (
    <LegalDocument
      title={policyTitle}
      updated="21 November 2026"
      intro={<p>How Naira Wallet collects, uses and protects your personal data, and the rights you have over it.</p>}
      sections={sections}
    />
  );
}
