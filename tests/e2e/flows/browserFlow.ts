import type { APIRequestContext, Page } from '@playwright/test';
import type { GeneratedPath, GeneratedStep } from '../../../testkit/browserSpecs';
import { test } from '../../support/e2e/journeys';

/**
 * What a machine's events mean in the browser. A generated spec (tests/e2e/generated, written by
 * `npm run paths -- <machine> --playwright`) lists the model's paths as data; `walkPath` runs each
 * against the real server: `start` brings the browser to where the path starts (reading the whole
 * path first, so it can prepare what a later answer needs: a number the biller refunds, a pin
 * counter already at its limit), each event is done the way a person does it or the world answers
 * it, and after each step the page is checked against the state the model reached.
 */
export interface Walk {
  page: Page;
  request: APIRequestContext;
  path: GeneratedPath;
  /** The steps after the one running: what the world will answer next. */
  ahead: () => GeneratedStep[];
  /** Whatever `start` prepared for the steps (the account, the numbers to type). */
  data: Record<string, unknown>;
}

export interface BrowserFlow {
  start(walk: Walk): Promise<void>;
  /** One entry per event type of the machine that its browser paths take. */
  steps: Record<string, (walk: Walk, event: GeneratedStep['event']) => Promise<void>>;
  /**
   * What the page shows in a state: each entry runs where its key is the state's label or a part of
   * it (`resend.cooling` in `active.(resend.cooling + code.editing)`); a state no entry names is
   * passing through and not checked.
   */
  states: Record<string, (walk: Walk) => Promise<void>>;
  /**
   * Event types the browser cannot produce against the development server, with why: a path that
   * takes one is not generated (the machine's model suite walks it).
   */
  unreachable?: Record<string, string>;
}

/** Walks one generated path, each step a Playwright step named in words. */
export async function walkPath(page: Page, request: APIRequestContext, flow: BrowserFlow, path: GeneratedPath) {
  let at = 0;
  const walk: Walk = { page, request, path, ahead: () => path.steps.slice(at + 1), data: {} };
  await test.step(`start in ${path.from}`, async () => {
    await flow.start(walk);
    await checkState(flow, walk, path.from);
  });
  for (const [index, step] of path.steps.entries()) {
    at = index;
    const run = flow.steps[step.event.type];
    if (!run) throw new Error(`the browser flow has no step for ${step.event.type}`);
    await test.step(`${index + 1}. ${step.action} → ${step.to}`, async () => {
      await run(walk, step.event);
      await checkState(flow, walk, step.to);
    });
  }
}

async function checkState(flow: BrowserFlow, walk: Walk, label: string) {
  for (const [key, check] of Object.entries(flow.states)) if (label === key || label.includes(key)) await check(walk);
}
