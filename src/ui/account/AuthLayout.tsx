import type { ReactNode } from 'react';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { Brand } from '../kit/Brand';

/** The frame of every account screen: brand, a heading, a card. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <main className="auth-page">
      <Brand />
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
