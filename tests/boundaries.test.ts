import { join } from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import arrows (docs/architecture.md, "Import arrows"), held by the two TypeScript projects
 * and the lint rules: probe files that exist only in memory are checked as if they sat in each
 * folder. Each case that must fail has a neighbour that must pass, so a broken configuration cannot
 * pass by refusing everything.
 */
const root = join(import.meta.dirname, '..');

/**
 * The type errors of in-memory files compiled with a project's options and its ambient declarations
 * (its `.d.ts` files): what a probe may name depends on those and on what it imports, not on the
 * project's other modules, so those are left out (a whole project took seconds per case).
 */
function typeErrors(project: string, probes: Record<string, string>): Record<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, project),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const texts = new Map(Object.entries(probes).map(([file, text]) => [join(root, file), text]));
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    const text = texts.get(name);
    return text === undefined ? getSourceFile(name, language, ...rest) : ts.createSourceFile(name, text, language);
  };
  host.fileExists = (name) => texts.has(name) || fileExists(name);
  host.readFile = (name) => texts.get(name) ?? readFile(name);
  const program = ts.createProgram({
    rootNames: [...config.fileNames.filter((file) => file.endsWith('.d.ts')), ...texts.keys()],
    options: config.options,
    host,
  });
  return Object.fromEntries(
    Object.keys(probes).map((file) => [
      file,
      program
        .getSemanticDiagnostics(program.getSourceFile(join(root, file)))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')),
    ]),
  );
}

describe('the TypeScript projects', () => {
  it('give the app the DOM and not Node', () => {
    const errors = typeErrors('tsconfig.app.json', {
      'src/ui/probeNode.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'src/ui/probeDom.ts': 'export const w = window.location.href;\n',
      'core/probeNode.ts': 'export const env = process.env;\n',
    });
    expect(errors['src/ui/probeNode.ts']).toEqual([expect.stringContaining("Cannot find name 'node:fs'")]);
    expect(errors['src/ui/probeDom.ts']).toEqual([]);
    expect(errors['core/probeNode.ts']).toEqual([expect.stringContaining("Cannot find name 'process'")]);
  });

  it('give the server Node and not the DOM', () => {
    const errors = typeErrors('tsconfig.server.json', {
      'server/probeDom.ts': 'export const w = window.location.href;\n',
      'server/probeNode.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      'core/probeDom.ts': 'export const title = document.title;\n',
    });
    expect(errors['server/probeDom.ts']).toEqual(["Cannot find name 'window'."]);
    expect(errors['server/probeNode.ts']).toEqual([]);
    expect(errors['core/probeDom.ts']).toEqual([expect.stringContaining("Cannot find name 'document'")]);
  });
});

describe('the lint rules', () => {
  const eslint = new ESLint({ cwd: root });
  /** The rules a file breaks at `file` (imports are for their side effects, so nothing is unused). */
  async function broken(file: string, text: string): Promise<string[]> {
    const [result] = await eslint.lintText(text, { filePath: join(root, file) });
    return result.messages.map((message) => message.ruleId ?? message.message);
  }
  const imports = 'no-restricted-imports';
  // The app's folders use typescript-eslint's version of the rule, which can tell a type import apart.
  const appImports = '@typescript-eslint/no-restricted-imports';
  const globals = 'no-restricted-globals';
  const syntax = 'no-restricted-syntax';
  const allowed = 'allowed';

  it.each([
    // [a probe in the folder, what it imports or uses, the rule it breaks]
    ['src/ui/probe.tsx', "import '../machines/session';", allowed],
    ['src/ui/probe.tsx', "import '../domain/user';", allowed],
    [
      'src/ui/probe.tsx',
      "import type { UserData } from '../../core/contract';\nexport type Probe = UserData;",
      allowed,
    ],
    ['src/ui/probe.tsx', "import '../../core/contract';", appImports],
    ['src/ui/probe.tsx', "import '../api/http';", appImports],
    ['src/ui/probe.tsx', "import 'node:fs';", appImports],
    ['src/ui/probe.tsx', 'export const env = process.env;', globals],
    ['src/machines/probe.ts', "import '../api/http';", allowed],
    ['src/machines/probe.ts', "import '../domain/validation';", allowed],
    ['src/machines/probe.ts', "import 'xstate';", allowed],
    ['src/machines/probe.ts', "import 'react';", appImports],
    ['src/machines/probe.ts', "import '@xstate/react';", appImports],
    ['src/machines/probe.ts', "import '../ui/kit/Modal';", appImports],
    // Rooms: the customer app's never reach the console's, nor the console the customer app's.
    ['src/ui/account/probe.tsx', "import '../kit/Modal';", allowed],
    ['src/ui/account/probe.tsx', "import '../console/ConsoleApp';", appImports],
    ['src/machines/purchases/probe.ts', "import '../console/moneyRequest';", appImports],
    ['src/ui/console/probe.tsx', "import '../kit/useFlow';", allowed],
    ['src/ui/console/probe.tsx', "import '../account/LoginScreen';", appImports],
    ['src/ui/console/probe.tsx', "import '../../machines/console/staffSignIn';", allowed],
    ['src/machines/console/probe.ts', "import '../kit/effects';", allowed],
    ['src/machines/console/probe.ts', "import '../account/login';", appImports],
    ['src/api/console/probe.ts', "import '../kit/http';", allowed],
    ['src/api/console/probe.ts', "import '../wallet/funding';", appImports],
    [
      'src/api/probe.ts',
      "import type { Envelope } from '../../core/contract';\nexport type Probe = Envelope;",
      allowed,
    ],
    ['src/api/probe.ts', "import { UserData } from '../../core/contract';\nexport const probe = UserData;", appImports],
    ['src/api/probe.ts', "import './http';", allowed],
    ['src/api/probe.ts', "import '../domain/user';", appImports],
    ['src/api/probe.ts', "import '../machines/session';", appImports],
    ['src/api/probe.ts', "import 'http';", appImports],
    ['src/domain/probe.ts', "import '../../core/limits';", allowed],
    ['src/domain/probe.ts', "import '../api/purchases';", appImports],
    ['src/domain/probe.ts', "import '../machines/session';", appImports],
    ['server/probe.ts', "import '../core/contract';", allowed],
    ['server/probe.ts', "import 'node:fs';", allowed],
    ['server/probe.ts', "import '../src/domain/user';", imports],
    ['server/probe.ts', 'export const w = window.location.href;', globals],
    ['server/probe.ts', "export const s = localStorage.getItem('user_token');", globals],
    ['core/probe.ts', "import './messages';", allowed],
    ['core/probe.ts', "import { z } from 'zod';\nexport const probe = z.string();", allowed],
    ['core/probe.ts', "import '../src/domain/user';", imports],
    ['core/probe.ts', "import '../server/errors';", imports],
    ['core/probe.ts', "import 'node:crypto';", imports],
    ['core/probe.ts', "import 'react';", imports],
    ['core/probe.ts', 'export const env = process.env;', globals],
    ['core/probe.ts', 'export const title = document.title;', globals],
    ['core/probe.ts', "import '../testkit/fixtures';", imports],
    ['src/ui/probe.tsx', "import '../../../testkit/fixtures';", appImports],
    ['src/probe.ts', "import '../tests/support/flowHarness';", appImports],
    ['server/probe.ts', "import '../testkit/fakes/vtpassServer';", imports],
    ['server/probe.ts', "import '../tests/support/api/app';", imports],
    ['scripts/probe.ts', "import '../testkit/models/index';", allowed],
    ['scripts/probe.ts', "import '../server/cli/tooling';", allowed],
    ['scripts/probe.ts', "import '../server/db/database';", imports],
    ['scripts/probe.ts', "import '../tests/support/api/app';", imports],
    ['testkit/probe.ts', "import '../server/clock';", allowed],
    ['testkit/probe.ts', "import '../tests/support/flowHarness';", imports],
    ['tests/api/probe.test.ts', "import '../../testkit/fakes/vtpassServer';", allowed],
    ['tests/api/probe.test.ts', 'await new Promise((resolve) => setTimeout(resolve, 350));', syntax],
    ['tests/api/probe.test.ts', 'await new Promise((resolve) => setTimeout(() => resolve(1), 350));', syntax],
    ['tests/api/probe.test.ts', 'await sleep(350);', syntax],
    ['tests/e2e/probe.spec.ts', 'await page.waitForTimeout(1_100);', syntax],
    ['tests/machines/probe.test.ts', 'await new Promise((resolve) => setTimeout(resolve, 0));', allowed],
    ['testkit/models/probe.ts', 'await new Promise((resolve) => setTimeout(resolve, 350));', syntax],
    ['testkit/fakes/probe.ts', 'await new Promise((resolve) => setTimeout(resolve, 350));', syntax],
    ['testkit/fakes/probe.ts', 'await new Promise((resolve) => setTimeout(resolve, how.delayMs));', syntax],
    ['testkit/fakes/probe.ts', 'await new Promise((resolve) => setTimeout(resolve, 0));', allowed],
    ['tests/support/api/eventually.ts', 'await new Promise((resolve) => setTimeout(resolve, 50));', allowed],
  ])('%s: %s → %s', async (file, text, rule) => {
    expect(await broken(file, text)).toEqual(rule === allowed ? [] : [rule]);
  });
});
