import { formatter } from '@lingui/format-po';
import type { LinguiConfig } from '@lingui/conf';

// The message catalogues (`npm run i18n`): the English one is extracted from the code's
// `/*i18n*/ { id, message }` literals; the other languages' are translated from it, one PO file
// each, and compiled into a module each language's app and the server load.
const config: LinguiConfig = {
  locales: ['en', 'pcm', 'ha', 'yo', 'ig'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/core/i18n/catalogues/{locale}',
      include: ['<rootDir>/core', '<rootDir>/src', '<rootDir>/server'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
};
export default config;
