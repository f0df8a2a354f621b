import { useId } from 'react';
import { AccountLayout } from '../account/AccountLayout';

interface Channel {
  href: string;
  label: string;
  detail: string;
}

const CHAT: Channel[] = [
  {
    href: 'https://wa.me/2349130001234?text=Hello%20Naira%20Wallet%20support',
    label: 'Chat on WhatsApp',
    detail: '+234 913 000 1234',
  },
  { href: 'mailto:support@nairawallet.ng', label: 'Send us an e-mail', detail: 'support@nairawallet.ng' },
  { href: 'tel:+2342013305000', label: 'Call us', detail: '+234 201 330 5000' },
];

const SOCIAL: Channel[] = [
  { href: 'https://x.com/nairawallet', label: 'X (Twitter)', detail: '@nairawallet' },
  { href: 'https://www.instagram.com/nairawallet', label: 'Instagram', detail: '@nairawallet' },
  { href: 'https://www.facebook.com/nairawallet', label: 'Facebook', detail: 'Naira Wallet' },
];

/** /support: live-chat channels and social links. */
export default function SupportScreen() {
  return (
    <AccountLayout title="Support" subtitle="Talk to a person about a payment, or follow us for news and offers.">
      <ChannelList title="Live chat" channels={CHAT} />
      <ChannelList title="Follow us" channels={SOCIAL} />
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
  const web = href.startsWith('https:');
  return (
    <a className="support-link" href={href} {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      <span className="support-link-text">
        <span className="support-link-label">{label}</span>
        <span className="support-link-detail">{detail}</span>
      </span>
      {web && (
        <>
          <span className="support-link-external" aria-hidden="true">
            ↗
          </span>
          <span className="visually-hidden"> (opens in a new tab)</span>
        </>
      )}
    </a>
  );
}
