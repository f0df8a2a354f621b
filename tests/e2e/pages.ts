import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { SERVICES } from '../../core/services';
import { PUBLIC_ROUTES } from '../../src/domain/app/routes';

/** Every route of the app: the public ones, and those behind a signed-in user (a path no screen has gets the "not here" page). */
export const PUBLIC_PAGES: readonly string[] = PUBLIC_ROUTES;
export const SIGNED_IN_PAGES: readonly string[] = [
  '/dashboard',
  '/activities',
  '/notification',
  '/funding',
  '/profile',
  '/password',
  '/pin',
  '/reset-pin',
  '/support',
  '/more',
  '/statements',
  ...SERVICES.map((service) => service.route),
  '/no-such-screen',
];

/**
 * Collects what would tell of a page that did not hydrate cleanly: React's recoverable errors
 * (the app reports each as `hydration: …` on the console, src/ui/main.tsx) and uncaught errors.
 */
export function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('hydration:'))
      problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  return problems;
}

/** Waits until React has a container on `#root`: the app has taken over the page's HTML. */
export async function reactHasPage(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/** Waits until React has taken over the page's prerendered HTML and the page's first calls have answered. */
export async function hydrated(page: Page): Promise<void> {
  await reactHasPage(page);
  await page.waitForLoadState('networkidle');
}

/**
 * Draws `route` from `markup` alone, as the browser paints what has arrived of a page (the parser
 * closes what is open). Scripts are kept out (`page` aborts them beforehand), so nothing draws over
 * the HTML; the frame navigates itself, since the journeys' `goto` waits for the app to run.
 */
export async function drawnFrom(page: Page, route: string, markup: string): Promise<void> {
  await page.route(`**${route}`, (answer) => answer.fulfill({ contentType: 'text/html', body: markup }));
  await page.mainFrame().goto(route);
  await page.unroute(`**${route}`);
}

/** Keeps every script out of `page`: what it draws is its HTML and inline styles alone. */
export const withoutScripts = (page: Page) => page.route(/\.js(\?.*)?$/, (route) => route.abort());

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2 A and AA rules on the page as it stands: answers each violation, with where. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
  return violations.map((violation) => `${new URL(page.url()).pathname} ${violation}`);
}
