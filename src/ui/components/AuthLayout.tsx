import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The frame of every account screen: brand, a heading, a card. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Naira Wallet`;
  }, [title]);
  return (
    <main className="auth-page">
      <Link to="/" className="brand" aria-label="Naira Wallet home">
        <span className="brand-mark" aria-hidden="true">
          ₦
        </span>
        Naira Wallet
      </Link>
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </section>
    </main>
  );
}
