/**
 * Registered in vite.config.ts `test.setupFiles`. The component tests (a `@vitest-environment jsdom`
 * docblock) wait for what a click or an answer brings with Testing Library's `waitFor` and `find*`,
 * which give up after one second by default: on a loaded machine (the journeys run beside this
 * suite) a re-render can take longer. Ten seconds is a ceiling, not a wait: each resolves as soon
 * as what it waits for is there. Files that run in Node load nothing here.
 */
export {};

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
