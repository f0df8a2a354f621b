import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNT } from '../../../server/db/demoAccount';

/**
 * The pin never leaves the server: no response of the API suite holds a transaction pin.
 *
 * An onSend hook on the app under test sees every response body as it leaves (whatever called
 * it: t.call, app.inject, the dev routes) together with the parsed request. The pins it looks for
 * are the demo account's and every four-digit value any request of this app sent in a pin field
 * (pin, confirm_pin, old_pin, new_pin, confirm_new_pin): the pins of the users the helpers
 * create, the pins tests set or change, and the wrong pins they type — none may come back.
 *
 * A response body fails when, read as JSON, it has
 * - a string value that IS one of those pins (`"4826"`): a pin sent back under any name, unless
 *   the same request sent that very value outside a pin field (a user named "1234" is answered
 *   their name); or
 * - a `pin` field whose value is anything but the marker ('set' or '').
 * Whole values, not substrings: electricity tokens, exam pins and e-mailed codes are digit runs
 * in which any four-digit pin appears by chance; no field of the contract is a four-digit string.
 *
 * Findings are kept rather than thrown (a throwing hook would turn the response into a 500 that a
 * test might even expect): t.call fails at the call that leaked, and t.close() fails for any
 * response that did not come through t.call.
 */

const PIN_FIELDS = new Set(['pin', 'confirm_pin', 'old_pin', 'new_pin', 'confirm_new_pin']);
const FOUR_DIGITS = /^\d{4}$/;
const PIN_MARKERS = new Set(['set', '']);

export interface PinScan {
  /** Every pin looked for so far. */
  readonly pins: ReadonlySet<string>;
  /** One line per response that held a pin. */
  readonly findings: string[];
  /** Fails with the findings, if any, and forgets them. */
  assertClean(): void;
}

export function scanResponsesForPins(app: FastifyInstance): PinScan {
  const pins = new Set<string>([DEMO_ACCOUNT.pin]);
  const findings: string[] = [];

  const learn = (body: unknown) => {
    if (typeof body !== 'object' || body === null) return;
    for (const [field, value] of Object.entries(body)) {
      if (PIN_FIELDS.has(field) && typeof value === 'string' && FOUR_DIGITS.test(value)) pins.add(value);
    }
  };

  /** What the request itself sent outside a pin field (a name of "1234"): answering it back to its sender leaks nothing. */
  const echoes = (body: unknown) =>
    new Set(
      typeof body === 'object' && body !== null
        ? Object.entries(body).flatMap(([field, value]) =>
            !PIN_FIELDS.has(field) && typeof value === 'string' ? [value] : [],
          )
        : [],
    );

  const inspect = (value: unknown, path: string, found: string[], echoed: ReadonlySet<string>) => {
    if (typeof value === 'string') {
      if (pins.has(value) && !echoed.has(value)) found.push(`${path} is the pin "${value}"`);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => inspect(item, `${path}[${index}]`, found, echoed));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'pin' && !(typeof item === 'string' && PIN_MARKERS.has(item)))
          found.push(`${path}.pin is ${JSON.stringify(item)}, not a marker`);
        inspect(item, `${path}.${key}`, found, echoed);
      }
    }
  };

  app.addHook('onSend', async (request, _reply, payload) => {
    learn(request.body);
    if (typeof payload !== 'string') return payload; // files and streams: the SPA, not the API
    // The API description (/docs/json) names the pin field's rules; it describes a pin, it holds none.
    if (request.url.startsWith('/docs')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload; // not JSON: every answer of the API is; this is the SPA's or a framework's text
    }
    const found: string[] = [];
    inspect(body, 'body', found, echoes(request.body));
    for (const finding of found) findings.push(`${request.method} ${request.url.split('?')[0]}: ${finding}`);
    return payload;
  });

  return {
    pins,
    findings,
    assertClean() {
      if (findings.length === 0) return;
      const report = findings.splice(0).join('\n  ');
      throw new Error(`a response held a transaction pin:\n  ${report}`);
    },
  };
}
