// What the app keeps so that a signed-in screen still opens without a network: the first page
// of the user's activities and when the server last told the user's figures. It lives in the
// app's own storage beside the stored user, never in a cache the service worker controls (that
// one holds the app's files only), and logging out forgets it.
import { store } from './storage';

const ACTIVITIES_KEY = 'offline_activities';
const SYNCED_AT_KEY = 'offline_synced_at';
/** The most rows kept: the longest first page a screen asks for (/activities). */
export const KEPT_ROWS = 10;

/** A first page of activities as the server last answered it, and when. */
export interface Kept<Row> {
  at: number;
  rows: Row[];
}

function read(key: string): unknown {
  try {
    return JSON.parse(store()?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    store()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full quota or private mode: the copy is a convenience, the app works without it.
  }
}

/** Keeps the first rows of a first page the server just answered. */
export function keepActivities<Row>(rows: Row[], at: number): void {
  write(ACTIVITIES_KEY, { at, rows: rows.slice(0, KEPT_ROWS) } satisfies Kept<Row>);
}

/** The kept first page, at most `pageSize` rows of it; null when nothing is kept. */
export function keptActivities<Row>(pageSize: number): Kept<Row> | null {
  const kept = read(ACTIVITIES_KEY) as Kept<Row> | null;
  if (!kept || typeof kept.at !== 'number' || !Array.isArray(kept.rows)) return null;
  return { at: kept.at, rows: kept.rows.slice(0, pageSize) };
}

export function keepSyncedAt(at: number | null): void {
  if (at === null) store()?.removeItem(SYNCED_AT_KEY);
  else write(SYNCED_AT_KEY, at);
}

export function keptSyncedAt(): number | null {
  const at = read(SYNCED_AT_KEY);
  return typeof at === 'number' ? at : null;
}

/** Logging out: nothing of the user stays behind. */
export function forgetOfflineCopy(): void {
  const storage = store();
  storage?.removeItem(ACTIVITIES_KEY);
  storage?.removeItem(SYNCED_AT_KEY);
}
