import type { Page } from '@playwright/test';
import { ACTIVITIES_PAGE_SIZE } from '../../core/limits';
import { LANGUAGE_COOKIE, LOCALES, type Locale } from '../../core/i18n/locales';
import {
  chooseLanguage,
  createReadyAccount,
  expect,
  logIn,
  newUser,
  signInReadyUser,
  test,
} from '../support/e2e/journeys';
import {
  axeViolations,
  drawnFrom,
  hydrated,
  reactHasPage,
  PUBLIC_PAGES,
  SIGNED_IN_PAGES,
  watchHydration,
  withoutScripts,
} from './pages';

/**
 * Every route paints from its HTML (its first screen rendered at build time) and React takes that
 * HTML over with no mismatch; the signed-in pages carry their frame, never the user's data; and
 * every page passes axe-core's WCAG 2 AA rules once drawn.
 */

test('every public page holds its first screen in its HTML, hydrates with no recoverable error, and passes axe', async ({
  page,
  request,
}) => {
  const problems = watchHydration(page);
  const violations: string[] = [];
  for (const route of PUBLIC_PAGES) {
    const html = await (await request.get(route)).text();
    expect(html, route).toMatch(/<div id="root">(?!<\/div>)/);
    await page.goto(route);
    await hydrated(page);
    violations.push(...(await axeViolations(page)));
  }
  expect(problems).toEqual([]);
  expect(violations).toEqual([]);
});

test('every signed-in page hydrates its frame with no recoverable error, shows the user once hydrated, and passes axe', async ({
  page,
  request,
}) => {
  // Every signed-in route in one journey, axe on each: past a minute on a slower 2-core machine.
  test.setTimeout(180_000);
  const { user } = await signInReadyUser(page, request);
  const problems = watchHydration(page);
  const violations: string[] = [];
  for (const route of SIGNED_IN_PAGES) {
    const html = await (await request.get(route)).text();
    // The frame (header, tabs) is in the page; nothing of any user is.
    expect(html, route).toContain('class="shell"');
    expect(html, route).not.toContain(user.email);
    expect(html, route).not.toContain('Chiamaka');
    await page.goto(route);
    await hydrated(page);
    expect(new URL(page.url()).pathname, `${route} stays put`).toBe(route);
    violations.push(...(await axeViolations(page)));
  }
  // The dashboard greets the user and shows the balance once the stored user is read.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Hi, Chiamaka' })).toBeVisible();
  await expect(page.locator('.balance-amount')).toHaveText('₦0.00');
  expect(problems).toEqual([]);
  expect(violations).toEqual([]);
});

test('the tab bar stands where it stays in a first paint of part of the page: neither it nor an icon moves as the rest comes', async ({
  page,
  request,
}) => {
  // On a slow network or phone the browser may paint before the page's HTML is all in; the tab bar
  // is near its end and sits on the bottom edge, so any growth would move it up (a layout shift).
  const html = await (await request.get('/dashboard')).text();
  const bar = html.indexOf('<nav class="tabs"');
  expect(bar).toBeGreaterThan(0);
  await withoutScripts(page);
  /** The bar's box and its first icon's, as drawn from `markup` alone. */
  const boxes = async (markup: string) => {
    await drawnFrom(page, '/dashboard', markup);
    return page.evaluate(() =>
      ['.tabs', '.tab .icon'].map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return box ? [box.x, box.y, box.width, box.height] : null;
      }),
    );
  };
  const [whole, icon] = await boxes(html);
  expect(whole).not.toBeNull();
  expect(icon).not.toBeNull();
  // Cut right after the bar's opening tag: the bar alone, empty.
  expect((await boxes(html.slice(0, html.indexOf('>', bar) + 1)))[0]).toEqual(whole);
  // Cut before the first tab's label: its icon alone.
  expect(await boxes(html.slice(0, html.indexOf('<span>', bar)))).toEqual([whole, icon]);
});

// A test a route: sixteen drawings each, and every route's in one test outgrew its time on a slower
// 2-core machine; apart, they also share the browser workers.
for (const route of [...PUBLIC_PAGES, ...SIGNED_IN_PAGES]) {
  test(`no element drawn from part of ${route}'s page moves as the rest of its HTML comes`, async ({
    page,
    request,
  }) => {
    await withoutScripts(page);
    const moved: string[] = [];
    // What a visitor sees first: the screen's height of the page.
    const firstScreen = page.viewportSize()!.height;
    const html = await (await request.get(route)).text();
    /** Where each element of the body starts on screen (null when it is not drawn), in document order. */
    const starts = async (markup: string) => {
      await drawnFrom(page, route, markup);
      return page.evaluate(() =>
        [...document.body.querySelectorAll('*')].map((element) => {
          const box = element.getBoundingClientRect();
          const drawn = box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
          return drawn ? { x: Math.round(box.x), y: Math.round(box.y), what: element.outerHTML.slice(0, 60) } : null;
        }),
      );
    };
    const whole = await starts(html);
    expect(whole.some((start) => start !== null)).toBe(true);
    // Cut before an element's opening tag at sixteen places through the body; the parser closes
    // what is open, as when the browser paints before the rest has arrived.
    const body = html.indexOf('<div id="root">');
    const end = html.lastIndexOf('</body>');
    for (let piece = 1; piece < 16; piece++) {
      const from = body + Math.floor(((end - body) * piece) / 16);
      const cut = from + html.slice(from).search(/<[a-z]/);
      (await starts(html.slice(0, cut))).forEach((start, index) => {
        const then = whole[index];
        if (start && then && then.y < firstScreen && (start.x !== then.x || start.y !== then.y))
          moved.push(`cut ${piece}/16: ${start.what} from ${start.x},${start.y} to ${then.x},${then.y}`);
      });
    }
    expect(moved).toEqual([]);
  });
}

/** Opens each route in `locale` and collects what axe finds; the page must come, and stay, in it. */
async function visitAll(page: Page, locale: Locale, routes: readonly string[]): Promise<string[]> {
  const violations: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await hydrated(page);
    await expect(page.locator('html'), route).toHaveAttribute('lang', locale);
    violations.push(...(await axeViolations(page)));
  }
  return violations;
}

for (const locale of LOCALES.filter((locale) => locale !== 'en')) {
  test(`in ${locale}, every public page comes in it, hydrates with no recoverable error, and passes axe`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: locale, url: baseURL! }]);
    const problems = watchHydration(page);
    expect(await visitAll(page, locale, PUBLIC_PAGES)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test(`in ${locale}, every signed-in page comes in the account's language, hydrates with no recoverable error, and passes axe`, async ({
    page,
    request,
  }) => {
    // Every signed-in route in one journey, axe on each: past a minute on a slower 2-core machine.
    test.setTimeout(180_000);
    const user = newUser();
    const token = await createReadyAccount(request, user);
    await chooseLanguage(request, token, locale);
    // Signed in on an English page, the account's language becomes the app's (and its pages').
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const problems = watchHydration(page);
    expect(await visitAll(page, locale, SIGNED_IN_PAGES)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test("what is typed and sent before the app's code has arrived is kept, and sent once the app runs", async ({
  page,
  baseURL,
}) => {
  const user = newUser();
  await createReadyAccount(page.request, user);
  // The app's code is held back (a phone on a slow network) until the form has been filled and sent.
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  const problems = watchHydration(page);
  const pagesLoaded: string[] = [];
  page.on('request', (request) => request.isNavigationRequest() && pagesLoaded.push(request.url()));
  // The main frame itself: the journeys' page.goto waits for the app, which is held back here.
  await page.mainFrame().goto(new URL('/login', page.url() === 'about:blank' ? baseURL : page.url()).href);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Hi, ${user.name.split(' ')[0]}` })).toBeVisible();
  // Sent before the app ran, the form did not reload the page (it names no action): one page load.
  expect(pagesLoaded).toHaveLength(1);
  expect(problems).toEqual([]);
});

test('a list of placeholders pulses as one animation, not one a placeholder (each is set up on the main thread as the page paints)', async ({
  page,
  request,
}) => {
  await signInReadyUser(page, request);
  // The list's answer is held back, so that its placeholders stay on the page.
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/api/fetch-transactions', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/activities');
  // Not `hydrated`: the held answer keeps the network from ever going quiet.
  await reactHasPage(page);
  await expect(page.locator('.txn-skeleton')).toHaveCount(ACTIVITIES_PAGE_SIZE);
  const animated = await page.evaluate(() =>
    document.getAnimations().map((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return target instanceof Element ? target.className : '';
    }),
  );
  expect(animated).toEqual(['txn-list skeleton-group']);
  release();
  await expect(page.locator('.txn-skeleton')).toHaveCount(0);
});
