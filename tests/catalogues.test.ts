import { readFileSync } from 'node:fs';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { beforeAll, describe, expect, it } from 'vitest';
import { languageReviews, LOCALES, type Locale } from '../core/i18n/locales';

/**
 * The message catalogues (core/i18n/catalogues): what the code says is what the English catalogue
 * holds (`npm run i18n` was run), every other language has every message with the same
 * placeholders and choices, the compiled modules are the PO files compiled, and a language is
 * marked reviewed only where its catalogue records the review.
 */
type Catalogue = Record<string, { message?: string; translation?: string; obsolete?: boolean }>;

let extracted: Record<string, { message?: string }>;
let catalogues: Record<string, Catalogue>;
beforeAll(async () => {
  const [catalog] = await getCatalogs(getConfig({ cwd: process.cwd() }));
  extracted = (await catalog.collect()) ?? {};
  catalogues = (await catalog.readAll()) as Record<string, Catalogue>;
}, 60_000);

/**
 * A message's English text as the English catalogue holds it: a PO file keys a message of an
 * explicit id by that id and keeps its source text in `msgstr`, which Lingui reads back as the
 * translation (its `message` is only set for ids generated from the text).
 */
const englishOf = (entry: Catalogue[string]) => entry.message ?? entry.translation ?? '';

/** What a message's text must keep in every language: its placeholders, and the cases of each choice. */
function shapeOf(text: string): string[] {
  const shape = new Set<string>();
  const walk = (node: unknown): void => {
    if (!Array.isArray(node)) return;
    if (typeof node[0] === 'string' && node.length <= 3 && (node.length === 1 || typeof node[1] === 'string')) {
      const [name, kind, cases] = node as [string, string?, Record<string, unknown>?];
      shape.add(
        kind
          ? `${name}:${kind}:${Object.keys(cases ?? {})
              .sort()
              .join('|')}`
          : name,
      );
      // A branch is a message of its own: its parts, not one token (a branch of plain text is `['text']`).
      for (const branch of Object.values(cases ?? {}))
        if (Array.isArray(branch)) for (const part of branch) if (typeof part !== 'string') walk([part]);
      return;
    }
    node.forEach(walk);
  };
  for (const part of compileMessage(text) as unknown[]) if (typeof part !== 'string') walk([part]);
  return [...shape].sort();
}

describe('the message catalogues', () => {
  it('hold what the code says: the English catalogue is the extraction of the code, message for message', () => {
    const english = Object.fromEntries(
      Object.entries(catalogues.en)
        .filter(([, entry]) => !entry.obsolete)
        .map(([id, entry]) => [id, englishOf(entry)]),
    );
    const inCode = Object.fromEntries(Object.entries(extracted).map(([id, entry]) => [id, entry.message]));
    expect(english, 'run `npm run i18n` after changing a message').toEqual(inCode);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s has every message, with its placeholders and choices',
    (locale) => {
      for (const [id, entry] of Object.entries(catalogues.en)) {
        const translation = catalogues[locale][id]?.translation ?? '';
        expect(translation, `${locale}: ${id} is not translated`).not.toBe('');
        expect(shapeOf(translation), `${locale}: ${id}`).toEqual(shapeOf(englishOf(entry)));
      }
      expect(Object.keys(catalogues[locale]).sort()).toEqual(Object.keys(catalogues.en).sort());
    },
  );

  it.each(LOCALES)('%s compiled module is its catalogue compiled', async (locale: Locale) => {
    const { messages } = (await import(`../core/i18n/catalogues/${locale}.ts`)) as { messages: Messages };
    const expected = Object.fromEntries(
      Object.entries(catalogues[locale]).map(([id, entry]) => [
        id,
        compileMessage(locale === 'en' ? englishOf(entry) : (entry.translation ?? '')),
      ]),
    );
    expect(messages).toEqual(expected);
  });

  it.each(LOCALES)('%s is marked reviewed only where its catalogue records a native speaker’s review', (locale) => {
    const header = /^"X-Reviewed-By: (.*)\\n"$/m.exec(readFileSync(`core/i18n/catalogues/${locale}.po`, 'utf8'));
    expect(languageReviews[locale]).toBe(header?.[1] ?? null);
  });
});
