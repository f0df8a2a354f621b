import { useId } from 'react';
import type { Words } from '../../../core/i18n/words';
import { useT } from '../kit/language';
import { AccountLayout } from '../account/AccountLayout';

interface Channel {
  href: string;
  /** Words, or a brand's name, said as it is. */
  label: Words | string;
  detail: string;
}

const CHAT: Channel[] = [
  {
    href: 'https://wa.me/2349130001234?text=Hello%20Naira%20Wallet%20support',
    label: /*i18n*/ { id: 'site.support.whatsapp', message: 'Chat on WhatsApp' },
    detail: '+234 913 000 1234',
  },
  {
    href: 'mailto:support@nairawallet.ng',
    label: /*i18n*/ { id: 'site.support.email', message: 'Send us an e-mail' },
    detail: 'support@nairawallet.ng',
  },
  {
    href: 'tel:+2342013305000',
    label: /*i18n*/ { id: 'site.support.call', message: 'Call us' },
    detail: '+234 201 330 5000',
  },
];

const SOCIAL: Channel[] = [
  { href: 'https://x.com/nairawallet', label: 'X (Twitter)', detail: '@nairawallet' },
  { href: 'https://www.instagram.com/nairawallet', label: 'Instagram', detail: '@nairawallet' },
  { href: 'https://www.facebook.com/nairawallet', label: 'Facebook', detail: 'Naira Wallet' },
];

/** /support: live-chat channels and social links. */
export default function SupportScreen() {
  const t = useT();
  return (
    <AccountLayout
      title={t(/*i18n*/ { id: 'site.support.title', message: 'Support' })}
      subtitle={t(
        /*i18n*/ {
          id: 'site.support.subtitle',
          message: 'Talk to a person about a payment, or follow us for news and offers.',
        },
      )}
    >
      <ChannelList title={t(/*i18n*/ { id: 'site.support.chat', message: 'Live chat' })} channels={CHAT} />
      <ChannelList title={t(/*i18n*/ { id: 'site.support.follow', message: 'Follow us' })} channels={SOCIAL} />
    </AccountLayout>
  );
}

function ChannelList({ title, channels }: { title: string; channels: Channel[] }) {
  const titleId = useId();
  return (
    <section className="support-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="support-title">
        {title}
      </h2>
      <ul className="card support-list">
        {channels.map((channel) => (
          <li key={channel.href}>
            <ChannelLink {...channel} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Web pages open in a new tab, so the app stays where it was; mail and phone links hand over to their app instead. */
function ChannelLink({ href, label, detail }: Channel) {
  const t = useT();
  const web = href.startsWith('https:');
  return (
    <a className="support-link" href={href} {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      <span className="support-link-text">
        <span className="support-link-label">{typeof label === 'string' ? label : t(label)}</span>
        <span className="support-link-detail">{detail}</span>
      </span>
      {web && (
        <>
          <span className="support-link-external" aria-hidden="true">
            ↗
          </span>
          <span className="visually-hidden">
            {' '}
            {t(/*i18n*/ { id: 'site.support.newTab', message: '(opens in a new tab)' })}
          </span>
        </>
      )}
    </a>
  );
}
