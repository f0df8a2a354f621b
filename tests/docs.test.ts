import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteObject } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../core/services';
import { DOCS_DIR, regeneratedDocuments } from '../scripts/docs-product';
import { PUBLIC_ROUTES } from '../src/domain/app/routes';
import { routes } from '../src/ui/app/routes';
import type { TestApp } from './support/api/app';
import { useTestApp } from './support/api/useTestApp';
import { backends } from './support/api/backends';
import { anchorsOf, sectionsOf } from './support/markdown';

/**
 * docs/ is the repository's account of the product and its architecture. What a test can hold
 * true, it holds here: the generated tables, the routes, the API calls and their statuses, the
 * quoted messages, the folders of the tree, and every link between the documents.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The text of the section titled `title` and of every section under it. */
function sectionText(markdown: string, title: string): string {
  const sections = sectionsOf(markdown);
  const start = sections.findIndex((section) => section.title === title);
  if (start < 0) throw new Error(`no section "${title}"`);
  const end = sections.findIndex((section, index) => index > start && section.level <= sections[start].level);
  return sections
    .slice(start, end < 0 ? undefined : end)
    .map((section) => section.body)
    .join('\n');
}

interface Table {
  head: string[];
  rows: string[][];
}

/** A row's cells: split at every `|` not escaped as `\|`. */
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

function tablesOf(text: string): Table[] {
  const tables: Table[] = [];
  const lines = text.split('\n');
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i].startsWith('|') || !/^\|(\s*-+\s*\|)+$/.test(lines[i + 1].trim())) continue;
    const table: Table = { head: cellsOf(lines[i]), rows: [] };
    for (i += 2; i < lines.length && lines[i].startsWith('|'); i++) table.rows.push(cellsOf(lines[i]));
    tables.push(table);
  }
  return tables;
}

const codeSpans = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1].replace(/\\\|/g, '|'));

const product = read('docs/product.md');
const DOCUMENTS = [
  'README.md',
  'SECURITY.md',
  ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('docs/', () => {
  it('holds the generated tables as `npm run docs:product` writes them', () => {
    for (const [file, text] of regeneratedDocuments())
      expect(readFileSync(`${DOCS_DIR}${file}`, 'utf8'), `docs/${file} is stale: run \`npm run docs:product\``).toBe(
        text,
      );
  });

  it('lists every route of the app, and no other; the public ones are the app’s public routes', () => {
    const listed = (title: string) =>
      tablesOf(sectionText(product, title))
        .filter((table) => table.head[0] === 'route')
        .flatMap((table) => table.rows.flatMap((row) => codeSpans(row[0])))
        .filter((span) => span.startsWith('/'));
    const served: string[] = [];
    const walk = (level: RouteObject[], parent: string) => {
      for (const route of level) {
        const path = route.index
          ? parent || '/'
          : route.path === undefined || route.path === '*'
            ? null
            : route.path.startsWith('/')
              ? route.path
              : `${parent}/${route.path}`;
        if (path) served.push(path);
        walk(route.children ?? [], path ?? parent);
      }
    };
    walk(routes, '');
    expect([...new Set(listed('Screens and routes'))].sort()).toEqual([...new Set(served)].sort());
    expect(listed('Public routes').sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('quotes only messages the code has (`<…>` stands for what varies)', () => {
    const sources = ['core', 'server', 'src'].flatMap((folder) =>
      readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name))
        .map((name) => read(`${folder}/${name}`)),
    );
    // A message too long for a line of code is a concatenation of literals, one per line: read as one.
    const corpus = sources.join('\n').replace(/['"`] \+\n\s*['"`]/g, '');
    const quoted = tablesOf(product).flatMap((table) => {
      const columns = table.head.flatMap((name, index) => (/message/i.test(name) ? [index] : []));
      return table.rows.flatMap((row) => columns.flatMap((column) => codeSpans(row[column] ?? '')));
    });
    expect(quoted.length).toBeGreaterThan(100);
    const unknown = quoted.filter((message) =>
      message
        .split(/<[^>]*>/)
        .map((fragment) => fragment.trim())
        .some((fragment) => fragment !== '' && !corpus.includes(fragment)),
    );
    expect(unknown).toEqual([]);
  });

  it('gives every folder of the tree a line in architecture.md’s layout, and every line a folder', () => {
    const listed = tablesOf(sectionText(read('docs/architecture.md'), 'Layout'))
      .filter((table) => table.head[0] === 'folder')
      .flatMap((table) => table.rows.flatMap((row) => codeSpans(row[0])));
    const folders = ['core', 'src', 'server', 'scripts', 'tests', 'testkit', 'docs', 'public'].flatMap((root) => [
      `${root}/`,
      ...readdirSync(join(ROOT, root), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${relative(ROOT, join(entry.parentPath, entry.name))}/`),
    ]);
    expect(listed.sort()).toEqual(folders.sort());
  });

  it('links only to files of the repository, anchors included, and points nowhere outside it', () => {
    const broken: string[] = [];
    let followed = 0;
    for (const document of DOCUMENTS) {
      for (const [, target] of read(document).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?|mailto|tel):/.test(target)) continue;
        followed++;
        const [path, anchor] = target.split('#');
        const file = path === '' ? join(ROOT, document) : resolve(dirname(join(ROOT, document)), path);
        // A clone holds only the repository: a link that climbs out of it may resolve on one
        // machine (a folder beside the checkout) and on no contributor's.
        if (relative(ROOT, file).startsWith('..') || !existsSync(file)) broken.push(`${document}: ${target}`);
        else if (anchor && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
          broken.push(`${document}: ${target}`);
      }
    }
    expect(followed).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });
});

interface Operation {
  responses: Record<string, unknown>;
}

describe('docs/product.md’s API', () => {
  /** `METHOD /path` → the operation the served OpenAPI document describes. */
  let operations: Map<string, Operation>;
  const t = useTestApp(backends[0]);
  beforeAll(async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    operations = new Map(
      Object.entries(document.paths)
        .filter(([path]) => /^\/(api|dev)\//.test(path))
        .flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]): [string, Operation] => [
            `${method.toUpperCase()} ${path}`,
            operation,
          ]),
        ),
    );
  });

  const CALL = /^(GET|POST) \/(api|dev)\/\S*$/;
  const api = sectionText(product, 'The API');
  /** What a placeholder of a call stands for; any other `<…>` is any one path segment. */
  const PLACEHOLDERS: Record<string, readonly string[]> = { '<category>': SERVICE_CATEGORIES };
  /** The served operations a call of the document names. */
  const servedAs = (call: string) => {
    const segment = (placeholder: string) =>
      PLACEHOLDERS[placeholder] ? `(${PLACEHOLDERS[placeholder].join('|')})` : '[^/]+';
    const pattern = new RegExp(`^${call.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[^>]+>/g, segment)}$`);
    return [...operations.keys()].filter((served) => pattern.test(served));
  };

  it('names only calls the server serves, and every one it serves', () => {
    const named = codeSpans(product).filter((span) => CALL.test(span));
    expect(named.filter((call) => servedAs(call).length === 0)).toEqual([]);
    expect([...operations.keys()].filter((served) => !named.includes(served))).toEqual([]);
  });

  it('names every call of the console, with the access it declares, and no other (docs/console.md)', () => {
    const access = (route: TestApp['opsConsole']['consoleRoutes'][number]['access']) =>
      'permission' in route ? route.permission : 'stage' in route ? `stage ${route.stage}` : 'open';
    const listed = tablesOf(sectionText(read('docs/console.md'), 'The API'))
      .filter((table) => table.head[0] === 'call')
      .flatMap((table) =>
        table.rows.map(([call, permission]) => `${codeSpans(call).join(' ')} ${permission.replace(/`/g, '')}`),
      );
    const served = t.opsConsole.consoleRoutes.map((route) => `${route.method} ${route.url} ${access(route.access)}`);
    expect(listed.sort()).toEqual(served.sort());
  });

  it('gives each call only statuses its description has', () => {
    const rows = tablesOf(api)
      .filter((table) => table.head[0] === 'call' && table.head[1] === 'status')
      .flatMap((table) => table.rows);
    expect(rows.length).toBeGreaterThan(80);
    const undescribed = rows.flatMap(([cell, status]) =>
      codeSpans(cell)
        .filter((call) => CALL.test(call))
        .flatMap((call) =>
          servedAs(call)
            .filter((served) => !(status in operations.get(served)!.responses))
            .map((served) => `${served} ${status}`),
        ),
    );
    expect(undescribed).toEqual([]);
  });
});
