import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_MAX_ATTEMPTS, PIN_LENGTH } from '../../../core/limits';
import { cashbackRatesText } from '../../domain/purchases/cashbackRates';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { Accordion, type AccordionItem } from '../kit/Accordion';
import {
  AppStoreIcon,
  BallIcon,
  BoltIcon,
  CapIcon,
  CashbackIcon,
  HeadsetIcon,
  HistoryIcon,
  PhoneIcon,
  PlayStoreIcon,
  ShieldIcon,
  TvIcon,
  WifiIcon,
} from '../kit/icons';
import { PublicHeader } from './PublicHeader';
import { SiteFooter } from './SiteFooter';

interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

const services: Feature[] = [
  { icon: <PhoneIcon />, title: 'Airtime', text: 'Recharge any MTN, Airtel, Glo or 9mobile line in seconds.' },
  { icon: <WifiIcon />, title: 'Internet data', text: 'Daily, weekly and monthly data plans at their listed price.' },
  {
    icon: <BoltIcon />,
    title: 'Electricity',
    text: 'Prepaid tokens for Ikeja, Eko, Abuja, Kano and more. We confirm the meter name first.',
  },
  {
    icon: <BallIcon />,
    title: 'Betting',
    text: 'Top up Bet9ja, SportyBet, BetKing and other accounts after checking the username.',
  },
  {
    icon: <TvIcon />,
    title: 'Cable TV',
    text: 'Renew DStv, GOtv and StarTimes bouquets before the screen goes blank.',
  },
  {
    icon: <CapIcon />,
    title: 'JAMB & WAEC pins',
    text: 'JAMB ePINs and WAEC result checker pins, delivered on screen.',
  },
];

const benefits: Feature[] = [
  {
    icon: <CashbackIcon />,
    title: 'Cashback',
    text: `On every completed purchase: ${cashbackRatesText()}, paid straight into your wallet.`,
  },
  {
    icon: <HistoryIcon />,
    title: 'Transaction history',
    text: 'Every payment with its status, reference, token or pin, whenever you need it.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Security',
    text: `Every purchase needs your ${PIN_LENGTH}-digit transaction pin. Your BVN and NIN are verified, never stored.`,
  },
  {
    icon: <HeadsetIcon />,
    title: 'Support',
    text: 'Real people on live chat and social media when a payment needs attention.',
  },
];

const steps = [
  {
    title: 'Create your account',
    text: 'Sign up with your e-mail and phone, confirm the code we e-mail you and set your transaction pin.',
  },
  {
    title: 'Fund by bank transfer',
    text: 'Send money from any Nigerian bank app to your own dedicated account number.',
  },
  { title: 'Pay any bill', text: 'Pick a service, enter the number, confirm with your pin. Done.' },
];

// Placeholder addresses (the stores' home pages) until the apps are listed: swap in the listing URLs then.
const stores = [
  { name: 'Google Play', call: 'Get it on', href: 'https://play.google.com/store', icon: <PlayStoreIcon size={28} /> },
  {
    name: 'App Store',
    call: 'Download on the',
    href: 'https://www.apple.com/app-store/',
    icon: <AppStoreIcon size={28} />,
  },
];

const faq: AccordionItem[] = [
  {
    question: 'What is Naira Wallet?',
    answer: (
      <p>
        A naira wallet for everyday bills in Nigeria. You keep one balance and use it to buy airtime and data, pay for
        electricity, top up betting accounts, renew cable TV and buy JAMB or WAEC pins, all from your phone's browser.
      </p>
    ),
  },
  {
    question: 'How do I pay?',
    answer: (
      <p>
        Fund your wallet by bank transfer to the account number shown under Fund Wallet; it is yours alone and works
        from any bank app or USSD. Your balance updates once the bank confirms. Then choose a service, enter the details
        and confirm with your transaction pin.
      </p>
    ),
  },
  {
    question: 'Is my money safe?',
    answer: (
      <p>
        Every purchase needs your {PIN_LENGTH}-digit transaction pin, and {DEFAULT_MAX_ATTEMPTS} wrong attempts sign you
        out. Passwords are hashed, your pin and BVN are encrypted, and we check electricity, betting and cable accounts
        before you pay. We will never ask for your pin or password.
      </p>
    ),
  },
  {
    question: 'How do I track my payments?',
    answer: (
      <p>
        Every payment appears in Activities with its status: pending, processing, completed or canceled. Open a
        completed payment to see its receipt, including electricity tokens and exam pins. If a provider fails, the
        amount returns to your wallet.
      </p>
    ),
  },
];

/** / : the public landing page. Loaded with the app, so it stays light: no images. */
export default function LandingScreen() {
  useDocumentTitle('Bills and airtime in one place');
  return (
    <>
      <PublicHeader />
      <main>
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero-inner">
            <div className="hero-copy">
              <p className="eyebrow">Bills, airtime and data for Nigeria</p>
              <h1 id="hero-title">Pay every bill from one naira wallet</h1>
              <p className="hero-lead">
                Fund your wallet by bank transfer, then pay for airtime, data, electricity, betting, cable TV and
                JAMB/WAEC pins in a few taps.
              </p>
              <div className="cta-row">
                <Link to="/register" className="btn btn-primary">
                  Create a free account
                </Link>
                <Link to="/login" className="btn btn-secondary">
                  Log in
                </Link>
              </div>
            </div>
            <WalletPreview />
          </div>
        </section>

        <LandingSection id="services" title="Everything you pay for, in one place">
          <FeatureGrid items={services} />
        </LandingSection>

        <LandingSection id="steps" title="Up and running in three steps" tinted>
          <ol className="steps">
            {steps.map((step) => (
              <li key={step.title} className="step">
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </LandingSection>

        <LandingSection id="benefits" title="Why people pay with Naira Wallet">
          <FeatureGrid items={benefits} />
        </LandingSection>

        <section className="section section-tinted" aria-labelledby="apps-title">
          <div className="container apps">
            <div>
              <h2 id="apps-title" className="section-title">
                Take it with you
              </h2>
              <p>Use Naira Wallet in your browser today, or get the app for your phone.</p>
            </div>
            <ul className="store-links">
              {stores.map((store) => (
                <li key={store.name}>
                  <a className="store-badge" href={store.href}>
                    {store.icon}
                    <span>
                      <small>{store.call}</small> {store.name}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <LandingSection id="faq" title="Frequently asked questions" narrow>
          <Accordion items={faq} />
        </LandingSection>

        <section className="section cta-band" aria-labelledby="cta-title">
          <div className="container container-narrow">
            <h2 id="cta-title">Your next recharge can take ten seconds</h2>
            <p>Open an account, fund it from your bank app and pay your first bill today.</p>
            <div className="cta-row">
              <Link to="/register" className="btn btn-on-brand">
                Create a free account
              </Link>
              <Link to="/login" className="btn btn-outline-on-brand">
                I already have an account
              </Link>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}

/** A titled band of the page, its heading named by `<id>-title`; tinted bands alternate with plain ones. */
function LandingSection({
  id,
  title,
  tinted,
  narrow,
  children,
}: {
  id: string;
  title: string;
  tinted?: boolean;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={tinted ? 'section section-tinted' : 'section'} aria-labelledby={`${id}-title`}>
      <div className={narrow ? 'container container-narrow' : 'container'}>
        <h2 id={`${id}-title`} className="section-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

function FeatureGrid({ items }: { items: Feature[] }) {
  return (
    <ul className="feature-grid">
      {items.map((item) => (
        <li key={item.title} className="feature card">
          <span className="feature-icon">{item.icon}</span>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A drawing of the wallet in HTML and CSS: it shows the product without an image download. */
function WalletPreview() {
  return (
    <div className="preview" aria-hidden="true">
      <div className="preview-card">
        <span className="preview-label">Total balance</span>
        <span className="preview-amount money">₦24,580.00</span>
        <span className="preview-fund">Fund Wallet</span>
      </div>
      <ul className="preview-grid">
        {services.map((service) => (
          <li key={service.title}>
            <span className="feature-icon">{service.icon}</span>
            {service.title.split(' ')[0]}
          </li>
        ))}
      </ul>
    </div>
  );
}
