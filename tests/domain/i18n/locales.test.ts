import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pickLocale } from '../../../core/i18n/locales';
import { pluralCategory } from '../../../core/i18n/plurals';
import { createTranslator } from '../../../core/i18n/words';
import { compileMessage } from '@lingui/message-utils/compileMessage';

describe('choosing a language', () => {
  it('takes the first of the visitor’s languages the app speaks, by the language alone', () => {
    expect(pickLocale(['fr-FR', 'yo-NG', 'en'])).toBe('yo');
    expect(pickLocale(['ha-Latn-NG'])).toBe('ha');
    expect(pickLocale(['PCM'])).toBe('pcm');
    expect(pickLocale(['en-NG', 'ig'])).toBe('en');
    expect(pickLocale(['ig_NG'])).toBe('ig');
  });

  it('speaks English when none of the visitor’s languages is ours, or none is given', () => {
    expect(pickLocale(['fr', 'de-DE'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });

  it('reads an Accept-Language header by weight, the header’s order breaking ties', () => {
    expect(acceptedLanguages('en;q=0.5, yo-NG, ha;q=0.8')).toEqual(['yo-NG', 'ha', 'en']);
    expect(pickLocale(acceptedLanguages('fr-FR,fr;q=0.9,ig;q=0.4,en;q=0.3'))).toBe('ig');
    expect(acceptedLanguages('pcm, ha')).toEqual(['pcm', 'ha']);
  });

  it('leaves out what the header refuses (q=0), the wildcard and what it cannot read', () => {
    expect(acceptedLanguages('yo;q=0, *, ;q=1, ha;q=abc')).toEqual(['ha']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });

  it('reads at most twenty ranges of a header, however long the client made it', () => {
    const header = [...Array.from({ length: 5_000 }, () => 'fr'), 'yo'].join(',');
    expect(acceptedLanguages(header)).toHaveLength(20);
    expect(pickLocale(acceptedLanguages(header))).toBe('en');
  });
});

describe('plural categories (CLDR, not the browser’s)', () => {
  it('counts one as one in English and Hausa, and every other count as other', () => {
    for (const locale of ['en', 'ha'] as const)
      expect([0, 1, 2, 11, 100].map((n) => pluralCategory(locale, n))).toEqual([
        'other',
        'one',
        'other',
        'other',
        'other',
      ]);
  });

  it('counts zero as one in Pidgin', () => {
    expect([0, 1, 2, 21].map((n) => pluralCategory('pcm', n))).toEqual(['one', 'one', 'other', 'other']);
  });

  it('gives Yoruba and Igbo no plural forms', () => {
    for (const locale of ['yo', 'ig'] as const)
      expect([0, 1, 2, 1000].map((n) => pluralCategory(locale, n))).toEqual(['other', 'other', 'other', 'other']);
  });

  it('refuses what is not a whole count', () => {
    expect(() => pluralCategory('en', 1.5)).toThrow(RangeError);
    expect(() => pluralCategory('pcm', -1)).toThrow(RangeError);
  });
});

describe('the translator', () => {
  const greeting = { id: 'test.greeting', message: 'You have {count} {count_plural, select, one {pin} other {pins}}' };

  it('says a message in the current language, its placeholders filled, with the categories our code chose', () => {
    let locale: 'en' | 'pcm' = 'en';
    const translator = createTranslator(() => locale, compileMessage);
    translator.load('pcm', {
      'test.greeting': compileMessage('You get {count} {count_plural, select, one {pin} other {pin dem}}'),
    });
    expect(translator.t(greeting, { count: 1, count_plural: pluralCategory('en', 1) })).toBe('You have 1 pin');
    locale = 'pcm';
    expect(translator.t(greeting, { count: 0, count_plural: pluralCategory('pcm', 0) })).toBe('You get 0 pin');
    expect(translator.t(greeting, { count: 3, count_plural: pluralCategory('pcm', 3) })).toBe('You get 3 pin dem');
  });

  it('says the English text where a catalogue lacks the message', () => {
    const translator = createTranslator(() => 'yo', compileMessage);
    translator.load('yo', {});
    expect(translator.t({ id: 'test.missing', message: 'Login' })).toBe('Login');
  });
});
