import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_MAX_ATTEMPTS, PIN_LENGTH } from '../../../core/limits';
import type { Locale } from '../../../core/i18n/locales';
import { pluralCategory } from '../../../core/i18n/plurals';
import type { Values, Words } from '../../../core/i18n/words';
import type { Say } from '../../../core/i18n/words';
import { cashbackRatesText } from '../../domain/purchases/cashbackRates';
import { useLanguage, useT } from '../kit/language';
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
import { logIn } from './siteWords';
import { SiteFooter } from './SiteFooter';

interface Feature {
  icon: ReactNode;
  title: Words;
  text: Words;
  /** What fills the text's placeholders, said in the page's language. */
  values?: (say: Say) => Values;
}

const services: (Feature & { short: Words })[] = [
  {
    icon: <PhoneIcon />,
    title: /*i18n*/ { id: 'site.services.airtime', message: 'Airtime' },
    short: /*i18n*/ { id: 'site.preview.airtime', message: 'Airtime' },
    text: /*i18n*/ {
      id: 'site.services.airtimeText',
      message: 'Recharge any MTN, Airtel, Glo or 9mobile line in seconds.',
    },
  },
  {
    icon: <WifiIcon />,
    title: /*i18n*/ { id: 'site.services.data', message: 'Internet data' },
    short: /*i18n*/ { id: 'site.preview.data', message: 'Internet' },
    text: /*i18n*/ {
      id: 'site.services.dataText',
      message: 'Daily, weekly and monthly data plans at their listed price.',
    },
  },
  {
    icon: <BoltIcon />,
    title: /*i18n*/ { id: 'site.services.power', message: 'Electricity' },
    short: /*i18n*/ { id: 'site.preview.power', message: 'Electricity' },
    text: /*i18n*/ {
      id: 'site.services.powerText',
      message: 'Prepaid tokens for Ikeja, Eko, Abuja, Kano and more. We confirm the meter name first.',
    },
  },
  {
    icon: <BallIcon />,
    title: /*i18n*/ { id: 'site.services.betting', message: 'Betting' },
    short: /*i18n*/ { id: 'site.preview.betting', message: 'Betting' },
    text: /*i18n*/ {
      id: 'site.services.bettingText',
      message: 'Top up Bet9ja, SportyBet, BetKing and other accounts after checking the username.',
    },
  },
  {
    icon: <TvIcon />,
    title: /*i18n*/ { id: 'site.services.cable', message: 'Cable TV' },
    short: /*i18n*/ { id: 'site.preview.cable', message: 'Cable' },
    text: /*i18n*/ {
      id: 'site.services.cableText',
      message: 'Renew DStv, GOtv and StarTimes bouquets before the screen goes blank.',
    },
  },
  {
    icon: <CapIcon />,
    title: /*i18n*/ { id: 'site.services.exams', message: 'JAMB & WAEC pins' },
    short: /*i18n*/ { id: 'site.preview.exams', message: 'JAMB' },
    text: /*i18n*/ {
      id: 'site.services.examsText',
      message: 'JAMB ePINs and WAEC result checker pins, delivered on screen.',
    },
  },
];

const benefits: Feature[] = [
  {
    icon: <CashbackIcon />,
    title: /*i18n*/ { id: 'site.benefits.cashback', message: 'Cashback' },
    text: /*i18n*/ {
      id: 'site.benefits.cashbackText',
      message: 'On every completed purchase: {rates}, paid straight into your wallet.',
    },
    values: (say) => ({ rates: cashbackRatesText(say) }),
  },
  {
    icon: <HistoryIcon />,
    title: /*i18n*/ { id: 'site.benefits.history', message: 'Transaction history' },
    text: /*i18n*/ {
      id: 'site.benefits.historyText',
      message: 'Every payment with its status, reference, token or pin, whenever you need it.',
    },
  },
  {
    icon: <ShieldIcon />,
    title: /*i18n*/ { id: 'site.benefits.security', message: 'Security' },
    text: /*i18n*/ {
      id: 'site.benefits.securityText',
      message: 'Every purchase needs your {digits}-digit transaction pin. Your BVN and NIN are verified, never stored.',
    },
    values: () => ({ digits: String(PIN_LENGTH) }),
  },
  {
    icon: <HeadsetIcon />,
    title: /*i18n*/ { id: 'site.benefits.support', message: 'Support' },
    text: /*i18n*/ {
      id: 'site.benefits.supportText',
      message: 'Real people on live chat and social media when a payment needs attention.',
    },
  },
];

const steps: { title: Words; text: Words }[] = [
  {
    title: /*i18n*/ { id: 'site.steps.account', message: 'Create your account' },
    text: /*i18n*/ {
      id: 'site.steps.accountText',
      message: 'Sign up with your e-mail and phone, confirm the code we e-mail you and set your transaction pin.',
    },
  },
  {
    title: /*i18n*/ { id: 'site.steps.fund', message: 'Fund by bank transfer' },
    text: /*i18n*/ {
      id: 'site.steps.fundText',
      message: 'Send money from any Nigerian bank app to your own dedicated account number.',
    },
  },
  {
    title: /*i18n*/ { id: 'site.steps.pay', message: 'Pay any bill' },
    text: /*i18n*/ {
      id: 'site.steps.payText',
      message: 'Pick a service, enter the number, confirm with your pin. Done.',
    },
  },
];

// Placeholder addresses (the stores' home pages) until the apps are listed: swap in the listing URLs then.
const stores = [
  {
    name: 'Google Play',
    call: /*i18n*/ { id: 'site.apps.googlePlay', message: 'Get it on' },
    href: 'https://play.google.com/store',
    icon: <PlayStoreIcon size={28} />,
  },
  {
    name: 'App Store',
    call: /*i18n*/ { id: 'site.apps.appStore', message: 'Download on the' },
    href: 'https://www.apple.com/app-store/',
    icon: <AppStoreIcon size={28} />,
  },
];

const faq: { question: Words; answer: Words; values?: (locale: Locale) => Values }[] = [
  {
    question: /*i18n*/ { id: 'site.faq.what', message: 'What is Naira Wallet?' },
    answer: /*i18n*/ {
      id: 'site.faq.whatAnswer',
      message:
        "A naira wallet for everyday bills in Nigeria. You keep one balance and use it to buy airtime and data, pay for electricity, top up betting accounts, renew cable TV and buy JAMB or WAEC pins, all from your phone's browser.",
    },
  },
  {
    question: /*i18n*/ { id: 'site.faq.pay', message: 'How do I pay?' },
    answer: /*i18n*/ {
      id: 'site.faq.payAnswer',
      message:
        'Fund your wallet by bank transfer to the account number shown under Fund Wallet; it is yours alone and works from any bank app or USSD. Your balance updates once the bank confirms. Then choose a service, enter the details and confirm with your transaction pin.',
    },
  },
  {
    question: /*i18n*/ { id: 'site.faq.safe', message: 'Is my money safe?' },
    answer: /*i18n*/ {
      id: 'site.faq.safeAnswer',
      message:
        'Every purchase needs your {digits}-digit transaction pin, and {attempts_plural, select, one {{attempts} wrong attempt signs} other {{attempts} wrong attempts sign}} you out. Passwords are hashed, your pin and BVN are encrypted, and we check electricity, betting and cable accounts before you pay. We will never ask for your pin or password.',
    },
    values: (locale) => ({
      digits: String(PIN_LENGTH),
      attempts: String(DEFAULT_MAX_ATTEMPTS),
      attempts_plural: pluralCategory(locale, DEFAULT_MAX_ATTEMPTS),
    }),
  },
  {
    question: /*i18n*/ { id: 'site.faq.track', message: 'How do I track my payments?' },
    answer: /*i18n*/ {
      id: 'site.faq.trackAnswer',
      message:
        'Every payment appears in Activities with its status: pending, processing, completed or canceled. Open a completed payment to see its receipt, including electricity tokens and exam pins. If a provider fails, the amount returns to your wallet.',
    },
  },
];

/** Said where the landing offers the way in, twice. */
const createFree = /*i18n*/ { id: 'site.cta.create', message: 'Create a free account' };

/** / : the public landing page. Loaded with the app, so it stays light: no images. */
export default function LandingScreen() {
  const t = useT();
  const locale = useLanguage();
  useDocumentTitle(t(/*i18n*/ { id: 'site.title', message: 'Bills and airtime in one place' }));
  const questions: AccordionItem[] = faq.map((item) => ({
    question: t(item.question),
    answer: <p>{t(item.answer, item.values?.(locale))}</p>,
  }));
  return (
    <>
      <PublicHeader />
      <main>
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero-inner">
            <div className="hero-copy">
              <p className="eyebrow">
                {t(/*i18n*/ { id: 'site.hero.eyebrow', message: 'Bills, airtime and data for Nigeria' })}
              </p>
              <h1 id="hero-title">
                {t(/*i18n*/ { id: 'site.hero.title', message: 'Pay every bill from one naira wallet' })}
              </h1>
              <p className="hero-lead">
                {t(
                  /*i18n*/ {
                    id: 'site.hero.lead',
                    message:
                      'Fund your wallet by bank transfer, then pay for airtime, data, electricity, betting, cable TV and JAMB/WAEC pins in a few taps.',
                  },
                )}
              </p>
              <div className="cta-row">
                <Link to="/register" className="btn btn-primary">
                  {t(createFree)}
                </Link>
                <Link to="/login" className="btn btn-secondary">
                  {t(logIn)}
                </Link>
              </div>
            </div>
            <WalletPreview />
          </div>
        </section>

        <LandingSection
          id="services"
          title={t(/*i18n*/ { id: 'site.services.title', message: 'Everything you pay for, in one place' })}
        >
          <FeatureGrid items={services} />
        </LandingSection>

        <LandingSection
          id="steps"
          title={t(/*i18n*/ { id: 'site.steps.title', message: 'Up and running in three steps' })}
          tinted
        >
          <ol className="steps">
            {steps.map((step) => (
              <li key={step.title.id} className="step">
                <h3>{t(step.title)}</h3>
                <p>{t(step.text)}</p>
              </li>
            ))}
          </ol>
        </LandingSection>

        <LandingSection
          id="benefits"
          title={t(/*i18n*/ { id: 'site.benefits.title', message: 'Why people pay with Naira Wallet' })}
        >
          <FeatureGrid items={benefits} />
        </LandingSection>

        <section className="section section-tinted" aria-labelledby="apps-title">
          <div className="container apps">
            <div>
              <h2 id="apps-title" className="section-title">
                {t(/*i18n*/ { id: 'site.apps.title', message: 'Take it with you' })}
              </h2>
              <p>
                {t(
                  /*i18n*/ {
                    id: 'site.apps.text',
                    message: 'Use Naira Wallet in your browser today, or get the app for your phone.',
                  },
                )}
              </p>
            </div>
            <ul className="store-links">
              {stores.map((store) => (
                <li key={store.name}>
                  <a className="store-badge" href={store.href}>
                    {store.icon}
                    <span>
                      <small>{t(store.call)}</small> {store.name}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <LandingSection
          id="faq"
          title={t(/*i18n*/ { id: 'site.faq.title', message: 'Frequently asked questions' })}
          narrow
        >
          <Accordion items={questions} />
        </LandingSection>

        <section className="section cta-band" aria-labelledby="cta-title">
          <div className="container container-narrow">
            <h2 id="cta-title">
              {t(/*i18n*/ { id: 'site.cta.title', message: 'Your next recharge can take ten seconds' })}
            </h2>
            <p>
              {t(
                /*i18n*/ {
                  id: 'site.cta.text',
                  message: 'Open an account, fund it from your bank app and pay your first bill today.',
                },
              )}
            </p>
            <div className="cta-row">
              <Link to="/register" className="btn btn-on-brand">
                {t(createFree)}
              </Link>
              <Link to="/login" className="btn btn-outline-on-brand">
                {t(/*i18n*/ { id: 'site.cta.haveAccount', message: 'I already have an account' })}
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
  const t = useT();
  return (
    <ul className="feature-grid">
      {items.map((item) => (
        <li key={item.title.id} className="feature card">
          <span className="feature-icon">{item.icon}</span>
          <h3>{t(item.title)}</h3>
          <p>{t(item.text, item.values?.(t))}</p>
        </li>
      ))}
    </ul>
  );
}

/** A drawing of the wallet in HTML and CSS: it shows the product without an image download. */
function WalletPreview() {
  const t = useT();
  return (
    <div className="preview" aria-hidden="true">
      <div className="preview-card">
        <span className="preview-label">{t(/*i18n*/ { id: 'site.preview.balance', message: 'Total balance' })}</span>
        <span className="preview-amount money">₦24,580.00</span>
        <span className="preview-fund">{t(/*i18n*/ { id: 'site.preview.fund', message: 'Fund Wallet' })}</span>
      </div>
      <ul className="preview-grid">
        {services.map((service) => (
          <li key={service.title.id}>
            <span className="feature-icon">{service.icon}</span>
            {t(service.short)}
          </li>
        ))}
      </ul>
    </div>
  );
}
