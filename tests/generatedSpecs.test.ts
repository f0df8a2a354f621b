import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserPaths, generatedSpec, generatedSpecPath, hasBrowserFlow } from '../testkit/browserSpecs';
import { pathsToEveryTransition } from '../testkit/models/kit/census';
import { models } from '../testkit/models/index';

/**
 * The browser specs in tests/e2e/generated are written by `npm run paths -- <machine> --playwright`
 * from the machines' models: one that differs from what the models give now is stale and fails
 * here, so CI fails until it is written again; so does a spec left for a machine without a flow.
 */
const withFlow = models.filter(hasBrowserFlow);

describe('tests/e2e/generated', () => {
  it('has a spec for every machine with a browser flow, and no other', () => {
    const written = readdirSync(join('tests', 'e2e', 'generated')).sort();
    expect(written, 'run `npm run paths -- --playwright`').toEqual(
      withFlow.map((model) => `${model.name}.spec.ts`).sort(),
    );
    expect(withFlow.map((model) => model.name)).toEqual(
      expect.arrayContaining(['login', 'otpCountdown', 'purchase', 'register', 'verifyEmail']),
    );
  });

  for (const model of withFlow) {
    it(`${model.name}.spec.ts is what its model writes now`, () => {
      const path = generatedSpecPath(model);
      expect(existsSync(path)).toBe(true);
      expect(readFileSync(path, 'utf8'), `stale: run \`npm run paths -- ${model.name} --playwright\``).toBe(
        generatedSpec(model),
      );
    });

    it(`${model.name}: the browser paths take every transition their traversal reaches, and hold no secret`, () => {
      const { paths, left } = browserPaths(model);
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.length + left.length).toBe(
        pathsToEveryTransition(model, model.browser ?? model.traversals[0]).length,
      );
      // The spec is data a person reads: the test account's secrets are the flow's, never the model's.
      expect(JSON.stringify(paths)).not.toMatch(/Secret-123|"pin":\s*"\d{4}"|"2580"/);
    });
  }

  it('the purchase paths include the pin dialog’s wrong pin and a merchant verification', () => {
    const purchase = models.find((model) => model.name === 'purchase')!;
    const actions = browserPaths(purchase).paths.flatMap((path) => path.steps.map((step) => step.action));
    expect(actions.some((action) => action.includes('pin-incorrect'))).toBe(true);
    expect(actions.some((action) => action.startsWith('the merchant check answers'))).toBe(true);
  });
});
