// `npm start` builds the app only when what the build reads has changed since the last build (a
// start is meant to take seconds, and a build takes longer): a digest of every input is kept beside
// the build, in dist/.inputs, and a start whose inputs match it serves dist/ as it is. `npm run
// build` always builds (and stamps).
//
//   node scripts/build-if-changed.mjs          build if needed, then stamp
//   node scripts/build-if-changed.mjs --stamp  only write the stamp (after `npm run build`)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What `vite build` and scripts/precompress.mjs read: sources, styles, config, and the installed versions. */
export const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.app.json',
  'src',
  'core',
  'public',
  'scripts/chunkGroups.ts',
  'scripts/leanBundle.ts',
  'scripts/routePages.ts',
  'scripts/offlineApp.ts',
  'scripts/precompress.mjs',
];
const STAMP = join('dist', '.inputs');

function* files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) yield* files(root, join(path, name));
  } else {
    yield path;
  }
}

/** One digest of every build input's path and content under `root`. */
export function inputsDigest(root) {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of files(root, input)) {
      hash.update(relative(root, join(root, file)).replaceAll('\\', '/'));
      hash.update('\0');
      hash.update(readFileSync(join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Whether `root`'s dist/ was built from the inputs as they are now. */
export function builtFromCurrentInputs(root) {
  const stamp = join(root, STAMP);
  return (
    existsSync(join(root, 'dist', 'index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === inputsDigest(root)
  );
}

export function writeStamp(root) {
  writeFileSync(join(root, STAMP), `${inputsDigest(root)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  if (process.argv.includes('--stamp')) {
    writeStamp(root);
  } else if (builtFromCurrentInputs(root)) {
    console.log('dist/ is up to date with the sources: not building again.');
  } else {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
