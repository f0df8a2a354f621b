import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Words } from '../../../core/i18n/words';
import { useLanguage, useT } from '../kit/language';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { PublicHeader } from './PublicHeader';
import { SiteFooter } from './SiteFooter';

export interface LegalSection {
  /** The anchor: /terms#<id> scrolls to the section. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A legal text (terms, privacy): a contents list of hash links, then numbered sections. The texts
 * are English only, as they bind in English: a reader of another language gets the page's chrome
 * in theirs and a line that says so, and the text marked English, for screen readers and
 * translation tools.
 */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
}: {
  title: Words;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const t = useT();
  const english = useLanguage() === 'en';
  // Set only where the page speaks another language: an English page's text is already English.
  const lang = english ? undefined : 'en';
  useDocumentTitle(t(title));
  return (
    <>
      <PublicHeader />
      <main className="legal container">
        <header className="legal-header">
          <h1>{t(title)}</h1>
          {!english && (
            <p className="legal-language">
              {t(/*i18n*/ { id: 'site.legal.englishOnly', message: 'This document is only available in English.' })}
            </p>
          )}
          <p className="hint" lang={lang}>
            Last updated {updated}
          </p>
          <div lang={lang}>{intro}</div>
        </header>
        <nav className="legal-toc card" aria-labelledby="toc-title">
          <h2 id="toc-title">{t(/*i18n*/ { id: 'site.legal.contents', message: 'Contents' })}</h2>
          <ol lang={lang}>
            {sections.map((section) => (
              <li key={section.id}>
                <Link to={`#${section.id}`}>{section.title}</Link>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            className="legal-section"
            aria-labelledby={`${section.id}-title`}
            lang={lang}
          >
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
