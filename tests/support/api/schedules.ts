import { expect } from 'vitest';
import type { CreateScheduleRequest, Schedule } from '../../../core/contract';
import { lagosTimeOf, timeText } from '../../../core/scheduleCalendar';
import { lagosDay } from '../../../core/days';
import { runDueSchedules } from '../../../server/jobs/schedules';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import type { ScheduleDeps } from '../../../server/services/schedules/running';
import type { Reply, TestApp } from './app';
import { PIN } from './purchases';

/** The app's schedule dependencies, for running the schedules job directly: the simulated biller on the test's clock. */
export const scheduleDeps = (t: TestApp): ScheduleDeps => ({
  biller: new SimulatedBiller({ now: () => t.clock.now() }),
  billerTimeoutMs: t.config.billerTimeoutMs,
  timeouts: t.clock,
  graceMs: t.config.schedules.graceMs,
});

/** One run of the schedules job on `t` (as one replica's would). */
export const runSchedules = (t: TestApp) =>
  runDueSchedules(t.ctx, scheduleDeps(t), {}, { error: (obj) => console.error(obj) });

/** The Lagos day and HH:MM of the test clock, `minutes` from now. */
export function lagosIn(t: TestApp, minutes: number): { day: string; time: string; at: Date } {
  const at = new Date(t.clock.now().getTime() + minutes * 60_000);
  return {
    day: lagosDay(at),
    time: timeText(lagosTimeOf(at)),
    at: new Date(Math.floor(at.getTime() / 60_000) * 60_000),
  };
}

export function createSchedule(
  t: TestApp,
  token: string,
  body: Partial<CreateScheduleRequest> & Record<string, unknown>,
): Promise<Reply<Schedule>> {
  return t.call<Schedule>('/api/schedules/create', {
    token,
    body: { name: 'Test schedule', end: { kind: 'never' }, pin: PIN, ...body },
  });
}

export async function createdSchedule(
  t: TestApp,
  token: string,
  body: Partial<CreateScheduleRequest> & Record<string, unknown>,
): Promise<Schedule> {
  const reply = await createSchedule(t, token, body);
  expect(reply.status, reply.body.message).toBe(200);
  return reply.body.data!;
}

export async function schedulesOf(t: TestApp, token: string): Promise<Schedule[]> {
  const reply = await t.call<Schedule[]>('/api/schedules/list', { token });
  expect(reply.status, reply.body.message).toBe(200);
  return reply.body.data!;
}

/** Moves the test clock to `at` (forward). */
export function moveClockTo(t: TestApp, at: Date): void {
  const ms = at.getTime() - t.clock.now().getTime();
  expect(ms).toBeGreaterThanOrEqual(0);
  t.clock.advance(ms);
}
