import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCS, machinePages } from '../scripts/machines-docs';

/**
 * docs/machines is written by `npm run machines:docs`: a page that differs from what the machines
 * and their descriptions give now is stale, and fails here (so CI fails) until it is written again.
 */
const pages = await machinePages();

/** What a line of the diagrams may be: Mermaid stateDiagram-v2 statements, ids of word characters, labels without ':', ';', '#', braces or quotes. */
const ID = '[A-Za-z_][A-Za-z0-9_]*';
const LINE_SHAPES = [
  /^stateDiagram-v2$/,
  new RegExp(`^\\s*\\[\\*\\] --> ${ID}$`),
  new RegExp(`^\\s*${ID} --> \\[\\*\\]$`),
  new RegExp(`^\\s*state ${ID} \\{$`),
  /^\s*\}$/,
  /^\s*--$/,
  new RegExp(`^\\s*state "[^"\\n]+" as ${ID}$`),
  new RegExp(`^\\s*${ID} --> ${ID} : [^:;#{}"\\n]+$`),
];
const RESERVED = /^(end|state|note|direction|class|classdef|style|as|default|hide|scale|click)$/i;

const diagramOf = (page: string) => /```mermaid\n([\s\S]*?)\n```/.exec(page)?.[1] ?? '';

describe('docs/machines', () => {
  it('has one page per machine and an index, each as npm run machines:docs writes it', () => {
    const written = existsSync(DOCS)
      ? readdirSync(DOCS)
          .map((name) => `${DOCS}/${name}`)
          .sort()
      : [];
    expect(written, 'run `npm run machines:docs`').toEqual(
      [...pages.keys()].filter((path) => path.startsWith(DOCS)).sort(),
    );
    for (const [path, content] of pages)
      expect(readFileSync(path, 'utf8'), `${path} is stale: run \`npm run machines:docs\``).toBe(content);
  });

  it('lists at least the twenty machines, each with shortest paths', () => {
    const index = pages.get(`${DOCS}/README.md`)!;
    const counts = [...index.matchAll(/\| (\d+) \|$/gm)].map((match) => Number(match[1]));
    expect(counts.length).toBeGreaterThanOrEqual(20);
    expect(counts.every((count) => count > 0)).toBe(true);
  });

  for (const [path, page] of [...pages].filter(([path]) => path.startsWith(DOCS) && !path.endsWith('README.md'))) {
    it(`${path}: its diagram is Mermaid a renderer can parse`, () => {
      const lines = diagramOf(page).split('\n');
      expect(lines[0]).toBe('stateDiagram-v2');
      expect(lines.filter((line) => !LINE_SHAPES.some((shape) => shape.test(line)))).toEqual([]);
      expect(lines.filter((line) => line.trim().endsWith('{')).length).toBe(
        lines.filter((line) => line.trim() === '}').length,
      );
      const ids = lines.flatMap((line) => line.replace(/ : .*$/, '').match(new RegExp(ID, 'g')) ?? []);
      expect(ids.filter((id) => RESERVED.test(id) && !['state', 'as'].includes(id))).toEqual([]);
      expect(lines.some((line) => line.includes(' --> '))).toBe(true);
    });
  }
});
