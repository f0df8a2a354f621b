import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types.
import { builtFromCurrentInputs, inputsDigest, writeStamp } from '../scripts/build-if-changed.mjs';

const SCRIPT = resolve('scripts/build-if-changed.mjs');

/** `npm start` serves a previous build when nothing it was built from changed, so a start takes seconds. */
describe('build-if-changed', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'naira-build-'));
    await mkdir(join(root, 'src', 'ui'), { recursive: true });
    await mkdir(join(root, 'dist'));
    await writeFile(join(root, 'index.html'), '<div id="root"></div>');
    await writeFile(join(root, 'src', 'ui', 'main.tsx'), 'export {};');
    await writeFile(join(root, 'package-lock.json'), '{}');
    await writeFile(join(root, 'dist', 'index.html'), '<div id="root"></div>');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('finds a stamped build current until a source, a style or the lock changes', async () => {
    expect(builtFromCurrentInputs(root)).toBe(false);
    writeStamp(root);
    expect(builtFromCurrentInputs(root)).toBe(true);
    await writeFile(join(root, 'src', 'ui', 'main.tsx'), 'export const changed = 1;');
    expect(builtFromCurrentInputs(root)).toBe(false);
    writeStamp(root);
    await writeFile(join(root, 'src', 'ui', 'added.css'), 'a {}');
    expect(builtFromCurrentInputs(root)).toBe(false);
    writeStamp(root);
    await writeFile(join(root, 'package-lock.json'), '{"lockfileVersion": 3}');
    expect(builtFromCurrentInputs(root)).toBe(false);
  });

  it('ignores what the build does not read, and a moved file changes the digest', async () => {
    const before = inputsDigest(root);
    await mkdir(join(root, 'server'));
    await writeFile(join(root, 'server', 'main.ts'), 'export {};');
    await writeFile(join(root, 'README.md'), '# readme');
    expect(inputsDigest(root)).toBe(before);
    await rm(join(root, 'src', 'ui', 'main.tsx'));
    await writeFile(join(root, 'src', 'ui', 'index.tsx'), 'export {};');
    expect(inputsDigest(root)).not.toBe(before);
  });

  it('a start with current inputs does not build again', async () => {
    writeStamp(root);
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT], { cwd: root });
    expect(stdout).toContain('not building again');
  });

  it('a build without its dist/index.html is not current, whatever the stamp says', async () => {
    writeStamp(root);
    await rm(join(root, 'dist', 'index.html'));
    expect(builtFromCurrentInputs(root)).toBe(false);
  });
});
