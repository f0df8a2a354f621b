import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { COMPILE_HINT, compileHints, wantsCompileHint } from '../scripts/compileHints';

const chunk = (fileName: string, name: string, facadeModuleId: string | null, code = 'export const a=()=>1;') => ({
  type: 'chunk' as const,
  fileName,
  name,
  facadeModuleId,
  code,
});

/** Runs the plugin's generateBundle over `files` as Vite would, once the chunks are minified. */
function generate(files: ReturnType<typeof chunk>[] | { type: 'asset'; fileName: string; source: string }[]) {
  const bundle = Object.fromEntries(files.map((file) => [file.fileName, file])) as unknown as Rolldown.OutputBundle;
  const hook = compileHints().generateBundle as (
    this: unknown,
    options: unknown,
    bundle: Rolldown.OutputBundle,
  ) => void;
  hook.call({}, {}, bundle);
  return bundle as unknown as Record<string, { code?: string; source?: string }>;
}

describe('compile hints', () => {
  it("starts every chunk of the customer app with V8's magic comment, before any other text", () => {
    const bundle = generate([
      chunk('assets/landing-a1.js', 'landing', '/repo/src/ui/main.tsx', 'import{a}from"./kit-b2.js";a();'),
      chunk('assets/kit-b2.js', 'kit', null),
      chunk('assets/LoginScreen-c3.js', 'LoginScreen', '/repo/src/ui/account/LoginScreen.tsx'),
    ]);
    for (const file of ['assets/landing-a1.js', 'assets/kit-b2.js', 'assets/LoginScreen-c3.js'])
      expect(bundle[file].code!.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
    expect(bundle['assets/landing-a1.js'].code).toBe(`${COMPILE_HINT}import{a}from"./kit-b2.js";a();`);
  });

  it("leaves the catalogues (data, no functions) and the operator console's own chunk as they are", () => {
    const catalogue = chunk('assets/ha-d4.js', 'ha', '/repo/core/i18n/catalogues/ha.ts', 'var e=JSON.parse(`{}`);');
    const consoleChunk = chunk('assets/console-e5.js', 'console', '/repo/console.html');
    const bundle = generate([catalogue, consoleChunk]);
    expect(bundle['assets/ha-d4.js'].code).toBe('var e=JSON.parse(`{}`);');
    expect(bundle['assets/console-e5.js'].code).toBe('export const a=()=>1;');
    expect(wantsCompileHint({ name: 'ha', facadeModuleId: 'C:\\repo\\core\\i18n\\catalogues\\ha.ts' })).toBe(false);
  });

  it('writes the comment once, and touches no asset', () => {
    const hinted = chunk('assets/screens-f6.js', 'screens', null, `${COMPILE_HINT}export{};`);
    const asset = { type: 'asset' as const, fileName: 'assets/style.css', source: 'body{}' };
    const bundle = generate([hinted, asset] as never);
    expect(bundle['assets/screens-f6.js'].code).toBe(`${COMPILE_HINT}export{};`);
    expect(bundle['assets/style.css'].source).toBe('body{}');
  });
});
