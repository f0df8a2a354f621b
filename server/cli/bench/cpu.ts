import { readFileSync } from 'node:fs';

/**
 * CPU clocks read from /proc: what one process has used, and what the whole machine has. Both
 * are null where there is no /proc (the figures are then left out, never guessed).
 */

/** Clock ticks per second of /proc/<pid>/stat and /proc/stat: 100 on every Linux build this runs on. */
const CLOCK_TICKS = 100;

/** CPU seconds (user and system) process `pid` has used so far. */
export function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * CPU seconds the machine's cores have been busy so far, all of them and every process together
 * (the kernel's work included): the first line of /proc/stat less its idle and iowait columns.
 */
export function machineCpuSeconds(): number | null {
  try {
    const [, ...columns] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user).
    const [user, nice, system, , , irq, softirq, steal] = columns.map(Number);
    return (user + nice + system + irq + softirq + (steal || 0)) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Milliseconds of CPU per item between two readings of a clock above; null when either is. */
export function cpuMsEach(before: number | null, after: number | null, items: number): number | null {
  return before === null || after === null || items === 0 ? null : ((after - before) * 1000) / items;
}
