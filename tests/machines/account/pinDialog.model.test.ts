import type { PasskeyConfirmation } from '../../../src/api/account/passkeys';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { isComplete, joinCode } from '../../../src/domain/account/codes';
import * as messages from '../../../core/messages';
import { pinDialogMachine, PASSKEY_NOT_USED, type PinDialogEvent } from '../../../src/machines/account/pinDialog';
import { ADA_PIN } from '../../../testkit/fixtures';
import {
  CONFIRMATION,
  pinDialogModel,
  recorder,
  RIGHT,
  SHORT,
  WRONG,
} from '../../../testkit/models/account/pinDialog.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  pathTitle,
  settled,
} from '../../support/flowHarness';
import { heardInEnglish, inEnglish } from '../../support/inEnglish';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const coverage = createTransitionCoverage(pinDialogMachine);

describe('pinDialogMachine (model-based)', () => {
  for (const [index, traversal] of pinDialogModel.traversals.entries())
    for (const path of shortestPaths(pinDialogModel, traversal)) {
      it(`${traversal.label}: ${pathTitle(path)}`, async () => {
        const owner = recorder();
        const confirm = deferredActor<PasskeyConfirmation>();
        const actor = createActor(pinDialogMachine.provide({ actors: { confirm: confirm.logic } }), {
          input: { owner: owner.actor, passkeys: index === 1 },
          inspect: coverage.inspect,
        }).start();
        const effects = effectLog(heardInEnglish(actor));
        let reports = 0;

        await path.test({
          events: {
            'pin.open': () => void actor.send({ type: 'pin.open' }),
            'pin.change': ({ event }) => void actor.send(event as PinDialogEvent),
            'pin.cancel': () => {
              actor.send({ type: 'pin.cancel' });
              reports += 1;
              expect(owner.heard.at(-1)).toEqual({ type: 'pin.cancelled' });
            },
            'pin.usePasskey': () => void actor.send({ type: 'pin.usePasskey' }),
            'pin.usePin': () => void actor.send({ type: 'pin.usePin' }),
            // The passkey's answer goes to the owner in place of the pin, which stays empty.
            'xstate.done.actor.confirm': async () => {
              confirm.last.resolve(CONFIRMATION);
              await settled();
              reports += 1;
              expect(owner.heard.at(-1)).toEqual({ type: 'pin.accepted', pin: '', passkey: CONFIRMATION });
            },
            'xstate.error.actor.confirm': async ({ event }) => {
              const { error } = event as unknown as { error: Error };
              effects.expect([errorToast(error.name === 'NotAllowedError' ? PASSKEY_NOT_USED.message : error.message)]);
              confirm.last.reject(error);
              await settled();
            },
            'pin.submit': () => {
              const { code } = actor.getSnapshot().context;
              // Four digits go to the owner, whose purchase the server checks them with; fewer are refused here.
              const complete = isComplete(code, 4);
              effects.expect(complete ? [] : [errorToast(messages.pinNotCorrect)]);
              actor.send({ type: 'pin.submit' });
              if (complete) {
                reports += 1;
                expect(owner.heard.at(-1)).toEqual({ type: 'pin.accepted', pin: joinCode(code) });
              }
            },
          },
          states: {
            '*': (expected) => {
              const snapshot = expectStep(actor, expected, effects);
              expect(owner.heard).toHaveLength(reports);
              // Closed, the boxes are empty: no pin lingers in the dialog.
              if (snapshot.matches('closed')) expect(snapshot.context.code).toEqual(['', '', '', '']);
            },
          },
        });
        actor.stop();
        owner.actor.stop();
      });
    }

  it('hands any four digits to the owner: which pin is right, and how many were wrong, is the server’s to know', () => {
    const owner = recorder();
    const actor = createActor(pinDialogMachine, { input: { owner: owner.actor } }).start();
    const seen: unknown[] = [];
    actor.on('*', (e) => void seen.push(e));
    for (const pin of [WRONG, WRONG, WRONG, WRONG, RIGHT]) {
      actor.send({ type: 'pin.open' });
      actor.send({ type: 'pin.change', values: pin });
      actor.send({ type: 'pin.submit' });
      expect(actor.getSnapshot().value).toBe('closed');
    }
    expect(seen).toEqual([]);
    expect(owner.heard).toEqual([
      ...Array(4).fill({ type: 'pin.accepted', pin: '1111' }),
      { type: 'pin.accepted', pin: ADA_PIN },
    ]);
    // Nothing but the owner and the boxes: no stored pin, no count.
    expect(Object.keys(actor.getSnapshot().context).sort()).toEqual(['code', 'owner', 'passkeys']);
  });

  it('refuses an incomplete pin as not correct, without counting it or closing', () => {
    const owner = recorder();
    const actor = createActor(pinDialogMachine, { input: { owner: owner.actor } }).start();
    const seen: unknown[] = [];
    actor.on('*', (e) => void seen.push(inEnglish(e)));
    actor.send({ type: 'pin.open' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      actor.send({ type: 'pin.change', values: SHORT });
      actor.send({ type: 'pin.submit' });
    }
    expect(seen).toEqual(Array(5).fill(errorToast('transaction pin not correct')));
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.code).toEqual(['', '', '', '']);
    expect(owner.heard).toEqual([]);
  });

  itWalkedEveryTransition('pinDialogMachine', coverage, pinDialogModel.transitions);
});
