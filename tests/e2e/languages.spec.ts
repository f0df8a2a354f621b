import type { APIRequestContext, Page } from '@playwright/test';
import { messages as ha } from '../../core/i18n/catalogues/ha';
import { messages as ig } from '../../core/i18n/catalogues/ig';
import { messages as pcm } from '../../core/i18n/catalogues/pcm';
import { messages as yo } from '../../core/i18n/catalogues/yo';
import { languageNames, type Locale } from '../../core/i18n/locales';
import { createTranslator, type Catalogue, type Values } from '../../core/i18n/words';
import {
  codeIn,
  expect,
  fund,
  latestMail,
  mailCount,
  newMail,
  newUser,
  test,
  textsTo,
  typeCode,
} from '../support/e2e/journeys';

/**
 * The app in each of its other languages, from a browser that asks for it to a purchase told in
 * it: the pages, the flows' words, the server's answers, the e-mails and the texts. What the
 * journey looks for on the page is read from the language's own catalogue, so each language is
 * walked by the same steps; English keeps its own journeys, unchanged.
 */
const CATALOGUES: Record<Exclude<Locale, 'en'>, Catalogue> = { pcm, ha, yo, ig };
type Other = keyof typeof CATALOGUES;

/** A message by its id in `locale`, as the app and the server say it. */
function wordsOf(locale: Other) {
  const translator = createTranslator(() => locale);
  translator.load(locale, CATALOGUES[locale]);
  return (id: string, values?: Values) => {
    expect(CATALOGUES[locale][id], `${locale} has ${id}`).toBeDefined();
    return translator.t({ id, message: '' }, values);
  };
}

/** A toast with this text (the app reports every message in one). */
const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A message with a purchase's description in it (`₦500.00 MTN airtime for …`, in the language). */
function withDescription(say: ReturnType<typeof wordsOf>, id: string, description: string): RegExp {
  const [before, after] = say(id, { description: '\u0000' }).split('\u0000');
  return new RegExp(`^${escaped(before)}${escaped(description)}.*${escaped(after)}$`);
}

/** Verifies the account's phone through the API, with the code the development sender texted. */
async function verifyPhone(request: APIRequestContext, token: string, phone: string) {
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.post('/api/send-phone-code', { headers, data: {} })).ok()).toBe(true);
  const [code] = /#(\d{6})$/.exec((await textsTo(request, phone))[0])?.slice(1) ?? [];
  expect((await request.post('/api/verify-phone', { headers, data: { otp: code } })).ok()).toBe(true);
}

/** The language the journey switches to on /more, to see the next screen and toast follow. */
const NEXT: Record<Other, Other> = { pcm: 'ha', ha: 'yo', yo: 'ig', ig: 'pcm' };

for (const locale of Object.keys(CATALOGUES) as Other[]) {
  test.describe(`in ${languageNames[locale].english}`, () => {
    test.use({ locale: `${locale}-NG` });

    test('the browser asks for it → the landing → register → verify → buy airtime: the screens, toast, receipt and text in it; /more switches the next screen and toast', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      const say = wordsOf(locale);
      const user = newUser();

      // The first visit speaks the browser's language: the server's page is already in it.
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByText(say('site.hero.eyebrow'))).toBeVisible();
      await page
        .getByRole('navigation', { name: say('site.header.nav') })
        .getByRole('link', { name: say('site.header.signUp') })
        .click();

      await expect(page.getByRole('heading', { name: say('auth.register.title') })).toBeVisible();
      await page.getByLabel(say('auth.register.name')).fill(user.name);
      await page.getByLabel(say('auth.email')).fill(user.email);
      await page.getByLabel(say('kit.phone')).fill(user.phone);
      await page.getByLabel(say('auth.password'), { exact: true }).fill(user.password);
      await page.getByLabel(say('auth.register.confirm')).fill(user.password);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: say('auth.register.submit') }).click();

      // The new account took the language: its code comes in it.
      await expect(page).toHaveURL(/\/verify-email$/);
      await expect(page.getByRole('heading', { name: say('auth.verify.title') })).toBeVisible();
      const codeMail = await latestMail(request, user.email);
      expect(codeMail.subject).toBe(say('mail.verifyEmail.subject'));
      await typeCode(page, codeIn(codeMail));
      await page.getByRole('button', { name: say('auth.continue') }).click();

      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel(say('auth.email')).fill(user.email);
      await page.getByLabel(say('auth.password'), { exact: true }).fill(user.password);
      await page.getByRole('button', { name: say('auth.logIn'), exact: true }).click();
      await expect(page).toHaveURL(/\/set-pin$/);
      await expect(page.getByRole('heading', { name: say('auth.setPin.title') })).toBeVisible();
      await typeCode(page, user.pin + user.pin);
      await page.getByRole('button', { name: say('auth.continue') }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(
        page.getByRole('heading', { name: say('dash.hi', { name: user.name.split(' ')[0] }) }),
      ).toBeVisible();

      const login = await request.post('/api/login', {
        data: { device: 'web', email: user.email, password: user.password },
      });
      const { token } = ((await login.json()) as { data: { token: string } }).data;
      const account = await request.post('/api/get-user', { headers: { Authorization: `Bearer ${token}` } });
      expect(((await account.json()) as { data: { language: string } }).data.language).toBe(locale);
      await verifyPhone(request, token, user.phone);
      await fund(request, token, 2_000);

      const mails = await mailCount(request, user.email);
      const texts = (await textsTo(request, user.phone)).length;
      await page.goto('/airtime');
      await expect(page.getByRole('heading', { name: say('buy.airtime.title') })).toBeVisible();
      await page.getByLabel(say('buy.network')).selectOption({ label: 'MTN' });
      await page.getByLabel(say('buy.phone.label')).fill('08031234567');
      await page.getByLabel(say('buy.amount')).fill('500');
      await page.getByRole('button', { name: say('buy.continue') }).click();
      const dialog = page.getByRole('dialog', { name: say('pinDialog.title') });
      await expect(dialog).toBeVisible();
      await typeCode(page, user.pin);
      await dialog.getByRole('button', { name: say('pinDialog.continue') }).click();
      // The bill described in the language, only the provider's name and the number as they are.
      const bought = say('bill.airtime', { provider: 'MTN', beneficiary: '08031234567' });
      const description = say('bill.priced', { amount: '₦500.00', what: bought });
      await expect(toast(page, withDescription(say, 'purchase.successful', description))).toBeVisible();

      const receipt = await newMail(request, user.email, mails);
      expect(receipt.subject).toMatch(withDescription(say, 'receipt.subject', description));
      await expect.poll(async () => (await textsTo(request, user.phone)).length).toBe(texts + 1);
      const [text] = await textsTo(request, user.phone);
      // A text is plain ASCII: the language's marks are dropped, as a name's are.
      expect(text.startsWith('Naira Wallet: ')).toBe(true);
      expect(text).toContain('N500.00');

      // Another language chosen on /more: its toast, and the next screen, are in it.
      const next = NEXT[locale];
      const sayNext = wordsOf(next);
      await page.goto('/more');
      const languages = page.getByRole('group', { name: say('account.language.title') });
      await languages.getByRole('radio', { name: new RegExp(`^${languageNames[next].own}`) }).check();
      await expect(toast(page, sayNext('account.languageSaved'))).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', next);
      await page
        .getByRole('navigation', { name: sayNext('app.tabs') })
        .getByRole('link', { name: sayNext('app.tab.activities') })
        .click();
      await expect(page.getByRole('heading', { name: sayNext('activities.title') })).toBeVisible();
      // A reload is answered in it by the server: the choice follows the account.
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', next);
      await expect(page.getByRole('heading', { name: sayNext('activities.title') })).toBeVisible();
    });
  });
}
