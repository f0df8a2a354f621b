/**
 * What a fault did to the requests sent through it, printed by each case of the fault suite in one
 * form (`fault: <what>: sent …, answered …, 5xx …`), so that a run's output gives every fault's
 * figures side by side. `messages` is for the faults that must lose no mail: how many the
 * changes made called for, and how many the mail server received.
 */
export interface FaultFigures {
  sent: number;
  answered: number;
  serverErrors: number;
  /** How many answered each status; `no answer` for a request whose connection ended without one. */
  byStatus: Record<string, number>;
  messages?: { expected: number; delivered: number };
}

/** An answer's status, or 'no answer'. */
export type Outcome = number | 'no answer';

export function figuresOf(outcomes: Outcome[], messages?: FaultFigures['messages']): FaultFigures {
  const byStatus: Record<string, number> = {};
  for (const outcome of outcomes) byStatus[String(outcome)] = (byStatus[String(outcome)] ?? 0) + 1;
  const answered = outcomes.filter((outcome) => outcome !== 'no answer');
  const serverErrors = answered.filter((status) => status >= 500).length;
  return { sent: outcomes.length, answered: answered.length, serverErrors, byStatus, messages };
}

/** Prints the figures (before any assertion, so that a failing run still shows them) and returns them. */
export function printFigures(fault: string, figures: FaultFigures): FaultFigures {
  const statuses = Object.entries(figures.byStatus)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  const mail = figures.messages
    ? `; messages expected ${figures.messages.expected}, delivered ${figures.messages.delivered}`
    : '';
  console.info(
    `fault: ${fault}: sent ${figures.sent}, answered ${figures.answered}, 5xx ${figures.serverErrors} ` +
      `(${statuses})${mail}`,
  );
  return figures;
}
