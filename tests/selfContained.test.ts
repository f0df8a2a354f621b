import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sectionsOf } from './support/markdown';

/**
 * A contributor has a clone and nothing else, so a comment, a test or a document states its
 * reason where it stands, or points at a document of the repository and a heading it has — never
 * at the specification's, design's or reference notes' files that lived beside the code while it
 * was written, nor at an issue tracker the contributor cannot see.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * What points outside the repository. Written with escapes (`\.`, `\u00a7`) so that this file's
 * own text matches none of them.
 */
const OUTSIDE: [what: string, pattern: RegExp][] = [
  ['the folder beside the checkout', /\.\.\/shared\//],
  ['the original specification', /\bSPEC\.md\b/],
  ['the original design', /\bDESIGN\.md\b/],
  ['the old security notes (the repository has SECURITY.md)', /\bsecurity\.md\b/],
  ['the old reference notes (the repository has docs/)', /\breference\/[\w-]+\.md\b/],
  ['an issue tracker', /\bissues? #?\d+/i],
  // A section sign that follows no standard's name cites some document by its number alone.
  ['a section of no named document', /(?<!(?:RFC \d+|SP 800-63B) )\u00a7/],
];

/** Every tracked text file of the code, its tests, its scripts, its documents and the root's configuration. */
const scanned = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
  .split('\0')
  .filter(
    (path) => path !== '' && (!path.includes('/') || /^(src|server|core|scripts|tests|docs|public|\.ci)\//.test(path)),
  )
  .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }))
  .filter(({ text }) => !text.includes('\0'));

/**
 * `docs/architecture.md, "Targets"` or `README "Two commands"`: a document of the repository and one
 * of its headings, or the bold label a list item of it starts with.
 */
const POINTER = /\b((?:docs\/[\w/-]+|SECURITY|README)\.md,|README) "([^"]+)"/g;
const BOLD_LABEL = /^\s*[-*] \*\*(.+?)\.?\*\*/gm;
/** What continues a comment on the next line: its indentation and marker. */
const CONTINUATION = /^\s*(?:\*(?!\/)|\/\/|--|#)?\s*/;

describe('the repository stands on its own', () => {
  it('scans the code, the tests, the scripts, the documents and the root’s configuration', () => {
    const folders = new Set(scanned.map(({ path }) => (path.includes('/') ? path.split('/')[0] : '.')));
    expect([...folders].sort()).toEqual(['.', '.ci', 'core', 'docs', 'public', 'scripts', 'server', 'src', 'tests']);
    expect(scanned.length).toBeGreaterThan(500);
  });

  it('cites no document outside the repository and no issue tracker', () => {
    const found = scanned.flatMap(({ path, text }) =>
      text
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE.filter(([, pattern]) => pattern.test(line)).map(
            ([what]) => `${path}:${index + 1}: ${what}: ${line.trim()}`,
          ),
        ),
    );
    expect(found).toEqual([]);
  });

  it('points only at headings (or labels) the repository’s documents have', () => {
    const labels = new Map<string, Set<string>>();
    const labelsOf = (document: string) => {
      if (!labels.has(document)) {
        const markdown = readFileSync(join(ROOT, document), 'utf8');
        labels.set(
          document,
          new Set([
            ...sectionsOf(markdown).map((section) => section.title),
            ...[...markdown.matchAll(BOLD_LABEL)].map((match) => match[1]),
          ]),
        );
      }
      return labels.get(document)!;
    };
    const tracked = new Set(scanned.map(({ path }) => path));
    const broken: string[] = [];
    let followed = 0;
    for (const { path, text } of scanned) {
      const lines = text.split('\n');
      lines.forEach((line, index) => {
        // A heading may run on to the comment's next line.
        const next = (lines[index + 1] ?? '').replace(CONTINUATION, '');
        for (const match of `${line} ${next}`.matchAll(POINTER)) {
          if (match.index >= line.length) continue;
          followed++;
          const document = match[1].replace(/,$/, '').replace(/^README$/, 'README.md');
          if (!tracked.has(document) || !labelsOf(document).has(match[2]))
            broken.push(`${path}:${index + 1}: ${match[0]}`);
        }
      });
    }
    expect(followed).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});
