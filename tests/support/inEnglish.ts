import type { AnyActorRef } from 'xstate';
import type { Wording } from '../../core/i18n/words';
import type { FlowEmitted } from '../../src/machines/kit/effects';
import { say } from '../../src/ui/kit/language';

/**
 * An effect as an English reader meets it: a toast's words said in English (the app's language
 * until one is chosen), so a test asserts the text the customer reads, whether the flow emits
 * words or the server's text.
 */
export const inEnglish = (effect: FlowEmitted): FlowEmitted =>
  effect.type === 'toast' ? { ...effect, message: say(effect.message) } : effect;

/** The actor, its emitted effects heard in English (for effectLog and the like). */
export const heardInEnglish = (actor: AnyActorRef): AnyActorRef =>
  new Proxy(actor, {
    get: (target, key) =>
      key === 'on'
        ? (type: string, listener: (effect: FlowEmitted) => void) =>
            target.on(type, (effect: FlowEmitted) => listener(inEnglish(effect)))
        : Reflect.get(target, key),
  });

/** A form's rule, its message said in English (null when the form passes): the text the customer reads. */
export const ruleInEnglish =
  <A extends unknown[]>(rule: (...args: A) => Wording | null) =>
  (...args: A): string | null => {
    const message = rule(...args);
    return message === null ? null : say(message);
  };
