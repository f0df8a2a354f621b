// Checks the JavaScript budgets (docs/architecture.md, "Targets": first load) on a finished
// `vite build`, since a low-end phone on 3G/4G pays for every kilobyte:
//   - the landing route (the entry chunk and everything it imports statically) ≤ 100 KB gzip;
//   - every lazily loaded chunk (one per route screen) ≤ 25 KB gzip of its own;
//   - a first visit's total (what the route's page names and what that imports, and the script
//     written into the page): /login ≤ 115 KB,
//     /dashboard ≤ 120 KB (the stack itself as the app uses it weighs about 94 KB before any of the
//     app's code: React DOM with React 66, the router 11, XState with @xstate/react 13, ofetch 4);
//   - no trace of the Stately inspector or its mask (they ship only in `npm run dev` and the
//     `npm run preview:inspect` build, vite's `inspect` mode, into dist-inspect/).
// Sizes are gzip at zlib's default level, what a server compressing on the fly sends.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const MANIFEST = join(DIST, '.vite', 'manifest.json');
const LANDING_BUDGET = 100 * 1024;
const LAZY_BUDGET = 25 * 1024;
const INSPECTOR_TRACES = ['statelyai', 'createBrowserInspector'];
// The mask's chunk is named after its module (src/ui/app/inspectorMask.ts).
const INSPECTOR_CHUNK = /^inspectorMask\b/;

if (!existsSync(MANIFEST)) {
  console.error(`${MANIFEST} not found: run \`vite build\` first (build.manifest must be on).`);
  process.exit(1);
}

/** @type {Record<string, { file: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const gzipSize = (file) => gzipSync(readFileSync(join(DIST, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** A chunk and every chunk it imports statically, transitively: what loading it downloads. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dependency of manifest[key].imports ?? []) staticClosure(dependency, seen);
  return seen;
}

/**
 * The manifest keys of the scripts a page loads and what those import: the scripts its head names,
 * in a tag's src or href or in the list of files the boot module's tag gives (data-app, data-preload).
 */
function loadedBy(page) {
  const html = readFileSync(join(DIST, page), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  const named = new Set([...head.matchAll(/[" ]\/([^"\s]+\.js)(?=[" ])/g)].map((match) => match[1]));
  const keys = Object.keys(manifest).filter((key) => named.has(manifest[key].file));
  return new Set(keys.flatMap((key) => [...staticClosure(key)]));
}

/** The scripts written into a page (the boot module), gzip alone: JavaScript the visit downloads all the same. */
function inlineScriptBytes(page) {
  const html = readFileSync(join(DIST, page), 'utf8');
  const texts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]);
  return texts.reduce((sum, text) => sum + (text ? gzipSync(text).length : 0), 0);
}

// The landing route loads what index.html names and what that imports. Named chunk groups
// (scripts/chunkGroups.ts) can fold the entry module into the `landing` chunk, so the
// manifest's isEntry flag is not a reliable way to find it.
const landing = loadedBy('index.html');
if (landing.size === 0) {
  console.error('index.html names no script of the manifest.');
  process.exit(1);
}

const rows = [];
const failures = [];

const landingBytes = [...landing].reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);
rows.push({
  chunk: 'landing route (entry + static imports)',
  files: landing.size,
  gzip: landingBytes,
  budget: LANDING_BUDGET,
});
if (landingBytes > LANDING_BUDGET)
  failures.push(`the landing route loads ${kb(landingBytes)} of JavaScript (budget ${kb(LANDING_BUDGET)})`);

for (const key of Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .sort()) {
  const own = gzipSize(manifest[key].file);
  // Shared chunks a lazy route pulls in beyond what the landing route already loaded.
  const shared = [...staticClosure(key)].filter((k) => k !== key && !landing.has(k));
  const sharedBytes = shared.reduce((sum, k) => sum + gzipSize(manifest[k].file), 0);
  rows.push({ chunk: key, files: 1 + shared.length, gzip: own, shared: sharedBytes, budget: LAZY_BUDGET });
  if (own > LAZY_BUDGET) failures.push(`${key} is ${kb(own)} (budget ${kb(LAZY_BUDGET)})`);
}

const width = Math.max(...rows.map((row) => row.chunk.length));
console.log(`${'chunk'.padEnd(width)}  ${'gzip'.padStart(9)}  ${'+ shared'.padStart(9)}  ${'budget'.padStart(9)}`);
for (const row of rows) {
  const shared = row.shared ? kb(row.shared) : '';
  const mark = row.gzip > row.budget ? '  OVER' : '';
  console.log(
    `${row.chunk.padEnd(width)}  ${kb(row.gzip).padStart(9)}  ${shared.padStart(9)}  ${kb(row.budget).padStart(9)}${mark}`,
  );
}

// The targets also cap a first visit in total (JavaScript, gzip): what the route's own page
// names (scripts/routePages.ts writes one per route) and what that imports.
const FIRST_VISITS = [
  { route: '/login', budget: 115 * 1024 },
  { route: '/dashboard', budget: 120 * 1024 },
];
console.log('');
for (const visit of FIRST_VISITS) {
  const page = join('pages', `${visit.route.slice(1)}.html`);
  if (!existsSync(join(DIST, page))) {
    failures.push(`dist/${page} is missing: the route has no page of its own`);
    continue;
  }
  const chunks = loadedBy(page);
  const written = inlineScriptBytes(page);
  const bytes = [...chunks].reduce((sum, key) => sum + gzipSize(manifest[key].file), written);
  const over = bytes > visit.budget;
  console.log(
    `first visit ${visit.route}: ${kb(bytes)} in ${chunks.size} files and ${kb(written)} written into the page (budget ${kb(visit.budget)})${over ? '  OVER' : ''}`,
  );
  if (over)
    failures.push(`a first visit of ${visit.route} loads ${kb(bytes)} of JavaScript (budget ${kb(visit.budget)})`);
}

// The operator console (console.html) is a second page of the build: no customer page may name
// one of its chunks, and none of its own chunks may be a customer's lazy route.
const CONSOLE_PAGE = 'console.html';
if (!existsSync(join(DIST, CONSOLE_PAGE)))
  failures.push(`dist/${CONSOLE_PAGE} is missing: the operator console was not built`);
else {
  const consoleChunks = loadedBy(CONSOLE_PAGE);
  const customerPages = [
    'index.html',
    ...(existsSync(join(DIST, 'pages'))
      ? readdirSync(join(DIST, 'pages'), { recursive: true })
          .filter((name) => String(name).endsWith('.html'))
          .map((name) => join('pages', String(name)))
      : []),
  ];
  const consoleOnly = [...consoleChunks].filter(
    (key) => /^(console\.html|src\/console\/)/.test(key) || manifest[key].file.startsWith('assets/console'),
  );
  for (const page of customerPages) {
    const leaked = [...loadedBy(page)].filter((key) => consoleOnly.includes(key));
    if (leaked.length)
      failures.push(`${page} loads the operator console's ${leaked.map((key) => manifest[key].file).join(', ')}`);
  }
  // Nor may any chunk of the app import one (a lazy screen, the toasts): the customer port refuses them.
  for (const key of Object.keys(manifest).filter((k) => !consoleOnly.includes(k) && k !== CONSOLE_PAGE)) {
    const leaked = [...staticClosure(key)].filter((k) => consoleOnly.includes(k));
    if (leaked.length)
      failures.push(
        `${manifest[key].file} imports the operator console's ${leaked.map((k) => manifest[k].file).join(', ')}`,
      );
  }
  // And the console never loads, at once or later (a lazy import), what the app's first page loads
  // beyond what both pages share: that holds the app's entry, which would start the customer app.
  const everything = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])])
      everything(next, seen);
    return seen;
  };
  const consoleReach = new Set([...consoleChunks].flatMap((key) => [...everything(key)]));
  const appsOwn = [...landing].filter((key) => !consoleChunks.has(key) && consoleReach.has(key));
  if (appsOwn.length)
    failures.push(`the operator console can load the app's ${appsOwn.map((key) => manifest[key].file).join(', ')}`);
  const consoleBytes = consoleOnly.reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);
  console.log(
    `operator console (console.html, its own chunks): ${kb(consoleBytes)} in ${consoleOnly.length} files; no customer page names them`,
  );
}

const assets = join(DIST, 'assets');
for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
  const source = readFileSync(join(assets, file), 'utf8');
  const trace = INSPECTOR_CHUNK.test(file)
    ? 'the inspector’s mask'
    : INSPECTOR_TRACES.find((needle) => source.includes(needle));
  if (trace)
    failures.push(`assets/${file} contains "${trace}": the Stately inspector leaked into the production bundle`);
}

if (failures.length) {
  console.error(`\nBundle budget failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nBundle budgets met; no inspector code in the production bundle.');
