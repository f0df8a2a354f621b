// What the app keeps so that a signed-in screen still opens without a network: the first page
// of the user's activities and when the server last told the user's figures. It lives in the
// app's own storage beside the stored user, never in a cache the service worker controls (that
// one holds the app's files only), and logging out forgets it.
import { forgetKeptAnswers } from './http';
import { store } from './storage';

const ACTIVITIES_KEY = 'offline_activities';
const SYNCED_AT_KEY = 'offline_synced_at';
const SESSION_KEY = 'offline_session';
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

/** The session's rules as the server told them (seconds), as a login or a poll answers them. */
export interface SessionRules {
  session_idle_seconds?: number;
  session_lifetime_seconds?: number;
}

/** When the session began and when the server last took it, with its rules: what ends it offline. */
interface SessionTimes {
  started_at: number;
  seen_at: number;
  idle_ms: number;
  lifetime_ms: number;
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function sessionTimes(): SessionTimes | null {
  const times = read(SESSION_KEY) as Partial<SessionTimes> | null;
  if (!times || typeof times !== 'object') return null;
  const { started_at, seen_at, idle_ms, lifetime_ms } = times;
  if (![started_at, seen_at, idle_ms, lifetime_ms].every(isTime)) return null;
  return times as SessionTimes;
}

/**
 * Notes that the server took the session at `at` (a login when `started`, else a poll). An
 * answer without the rules (an older server) keeps what was noted, or notes nothing.
 */
export function keepSessionSeen(rules: SessionRules, at: number, started: boolean): void {
  const { session_idle_seconds: idle, session_lifetime_seconds: lifetime } = rules;
  if (!isTime(idle) || !isTime(lifetime)) return;
  // A session stored by a build that noted nothing began at the latest now: its end is then
  // judged late rather than early, so a live session is never forgotten.
  const startedAt = started ? at : (sessionTimes()?.started_at ?? at);
  write(SESSION_KEY, {
    started_at: startedAt,
    seen_at: at,
    idle_ms: idle * 1000,
    lifetime_ms: lifetime * 1000,
  } satisfies SessionTimes);
}

/**
 * Whether the stored session has certainly ended by `now`, by the server's rules: idle since the
 * server last took it, or past its lifetime. The server decides online; this is what stops a
 * shared phone, offline or before its first poll, from showing a lapsed owner's name and money.
 */
export function sessionLapsed(now: number): boolean {
  const times = sessionTimes();
  if (!times) return false;
  return now >= times.seen_at + times.idle_ms || now >= times.started_at + times.lifetime_ms;
}

/** Logging out: nothing of the user stays behind, in storage or in the polls' kept answers. */
export function forgetOfflineCopy(): void {
  forgetKeptAnswers();
  const storage = store();
  storage?.removeItem(ACTIVITIES_KEY);
  storage?.removeItem(SYNCED_AT_KEY);
  storage?.removeItem(SESSION_KEY);
}
