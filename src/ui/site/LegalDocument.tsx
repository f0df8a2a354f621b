import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { PublicHeader } from './PublicHeader';
import { SiteFooter } from './SiteFooter';

export interface LegalSection {
  /** The anchor: /terms#<id> scrolls to the section. */
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal text (terms, privacy): a contents list of hash links, then numbered sections. */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  useDocumentTitle(title);
  return (
    <>
      <PublicHeader />
      <main className="legal container">
        <header className="legal-header">
          <h1>{title}</h1>
          <p className="hint">Last updated {updated}</p>
          {intro}
        </header>
        <nav className="legal-toc card" aria-labelledby="toc-title">
          <h2 id="toc-title">Contents</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <Link to={`#${section.id}`}>{section.title}</Link>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} className="legal-section" aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </main>
      <SiteFooter />
    </>
  );
}
