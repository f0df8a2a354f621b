import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { Outcome } from './faultFigures';
import { PIN } from './purchases';

/** One purchase's answer from a started server, or 'no answer' when its connection ended without one. */
export interface BurstAnswer {
  key: string;
  status: Outcome;
  retryAfter: string | null;
  body?: { type: string; message: string; data?: { status: string } };
}

export interface Burst {
  /**
   * Settles once every purchase's connection is made (the kernel completed it, whether or not the
   * server took it yet) or refused.
   */
  connected: Promise<void>;
  /** How many have been answered so far. */
  answeredSoFar(): number;
  answers: Promise<BurstAnswer[]>;
}

/** `₦100` of MTN airtime per purchase, each with an Idempotency-Key of its own unless `keys` are given. */
export interface BurstOrder {
  base: string;
  token: string;
  providerId: number;
  count: number;
  keys?: string[];
}

/**
 * Purchases sent at once to a started server, each on a connection of its own (no pool), so that a
 * test can tell when every connection is made and whether each got an answer.
 */
export function sendPurchases({ base, token, providerId, count, keys }: BurstOrder): Burst {
  const body = JSON.stringify({ provider_id: providerId, beneficiary: '08031234567', amount: 100, pin: PIN });
  let connected = 0;
  let answered = 0;
  let allConnected!: () => void;
  const connectedAll = new Promise<void>((resolve) => (allConnected = resolve));
  const sent = Array.from({ length: count }, (_, i) => {
    const key = keys?.[i] ?? `key-${randomUUID()}`;
    return new Promise<BurstAnswer>((resolve) => {
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      };
      const call = request(`${base}/api/airtime`, { method: 'POST', agent: false, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          answered += 1;
          const retryAfter = response.headers['retry-after'] ?? null;
          resolve({ key, status: response.statusCode!, retryAfter, body: JSON.parse(text) as BurstAnswer['body'] });
        });
        response.on('error', () => resolve({ key, status: 'no answer', retryAfter: null }));
      });
      let made = false;
      const madeOrRefused = () => {
        if (made) return;
        made = true;
        connected += 1;
        if (connected === count) allConnected();
      };
      call.on('socket', (socket) => socket.once('connect', madeOrRefused));
      call.on('error', () => {
        madeOrRefused();
        resolve({ key, status: 'no answer', retryAfter: null });
      });
      call.end(body);
    });
  });
  return { connected: connectedAll, answeredSoFar: () => answered, answers: Promise.all(sent) };
}
