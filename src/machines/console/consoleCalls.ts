import type { AuditFilter, ReconciliationItem, StaffRole } from '../../../core/console';
import * as calls from '../../api/console/calls';

/**
 * What the console's screens read and do, by name: consoleRecord loads a READ, consoleAction
 * performs an ACTION. A screen names the call and its arguments; only this layer talks to the
 * API (src/api/console).
 */

type Signal = AbortSignal | undefined;

export const READS = {
  glance: (_: null, signal: Signal) => calls.glance(signal),
  customer: (args: { customerId: number }, signal: Signal) => calls.customerPage(args.customerId, signal),
  cases: (args: { all: boolean }, signal: Signal) => calls.listCases(args.all, signal),
  suspense: (_: null, signal: Signal) => calls.suspenseQueue(signal),
  moneyRequests: (_: null, signal: Signal) => calls.moneyRequests(signal),
  reconciliation: (_: null, signal: Signal) => calls.reconciliationQueue(signal),
  lateBills: (_: null, signal: Signal) => calls.lateBills(signal),
  products: (_: null, signal: Signal) => calls.listProducts(signal),
  staff: (_: null, signal: Signal) => calls.listStaff(signal),
  staffChanges: (_: null, signal: Signal) => calls.staffChanges(signal),
  audit: (filter: AuditFilter, signal: Signal) => calls.listAudit(filter, signal),
  passkeys: (_: null, signal: Signal) => calls.listPasskeys(signal),
};

export type ReadName = keyof typeof READS;
export type ReadArgs<K extends ReadName> = Parameters<(typeof READS)[K]>[0];
export type ReadData<K extends ReadName> = Awaited<ReturnType<(typeof READS)[K]>>['data'];

export const ACTIONS = {
  'session.signOut': (_: null) => calls.signOut(),
  'audit.run': (_: null, _note: string, signal: Signal) => calls.runLedgerAudit(signal),
  'customers.search': (args: { query: string }, _note: string, signal: Signal) =>
    calls.searchCustomers(args.query, signal),
  'customer.endSessions': (args: { customerId: number; sessionId: number | null }, _note: string, signal: Signal) =>
    calls.revokeCustomerSessions(args.customerId, args.sessionId, signal),
  'customer.address': (args: { customerId: number; verified: boolean }, note: string, signal: Signal) =>
    calls.decideAddress({ customer_id: args.customerId, verified: args.verified, note }, signal),
  'bill.requery': (args: { transactionId: number }, _note: string, signal: Signal) =>
    calls.requeryBill(args.transactionId, signal),
  'case.review': (args: { caseNumber: string }, _note: string, signal: Signal) =>
    calls.reviewCase(args.caseNumber, signal),
  'case.resolve': (args: { caseNumber: string }, note: string, signal: Signal) =>
    calls.resolveCase(args.caseNumber, note, signal),
  'reconciliation.work': (
    args: { kind: ReconciliationItem['kind']; id: number; status: 'acknowledged' | 'resolved' },
    note: string,
    signal: Signal,
  ) => calls.workReconciliation({ ...args, note }, signal),
  'product.pause': (args: { providerId: number }, note: string, signal: Signal) =>
    calls.pauseProduct(args.providerId, note, signal),
  'product.resume': (args: { providerId: number }, note: string, signal: Signal) =>
    calls.resumeProduct(args.providerId, note, signal),
  'staff.create': (args: { email: string; name: string; role: StaffRole }, _note: string, signal: Signal) =>
    calls.createStaff(args, signal),
  'staff.update': (args: { staff_id: number; role?: StaffRole; disabled?: boolean }, _note: string, signal: Signal) =>
    calls.updateStaff(args, signal),
  'staff.reset': (args: { staffId: number }, _note: string, signal: Signal) => calls.resetStaff(args.staffId, signal),
  'staffChange.reject': (args: { changeId: number }, note: string, signal: Signal) =>
    calls.rejectStaffChange(args.changeId, note, signal),
  'staffChange.cancel': (args: { changeId: number }, _note: string, signal: Signal) =>
    calls.cancelStaffChange(args.changeId, signal),
  // The note is the passkey's name.
  'passkey.add': (_: null, note: string, signal: Signal) => calls.addPasskey(note.trim(), signal),
  'passkey.remove': (args: { passkeyId: number }, _note: string, signal: Signal) =>
    calls.removePasskey(args.passkeyId, signal),
};

export type ActionName = keyof typeof ACTIONS;
export type ActionArgs<K extends ActionName> = Parameters<(typeof ACTIONS)[K]>[0];
export type ActionData<K extends ActionName> = Awaited<ReturnType<(typeof ACTIONS)[K]>>['data'];

/** Runs a read by name (consoleRecord's `load`). */
export const read = (name: ReadName, args: unknown, signal: Signal): Promise<{ data: unknown }> =>
  (READS[name] as (args: unknown, signal: Signal) => Promise<{ data: unknown }>)(args, signal);

/** Runs an action by name (consoleAction's `perform`): what to tell, and what it answered. */
export const act = (
  name: ActionName,
  args: unknown,
  note: string,
  signal: Signal,
): Promise<{ message: string; data: unknown }> =>
  (ACTIONS[name] as (args: unknown, note: string, signal: Signal) => Promise<{ message: string; data: unknown }>)(
    args,
    note,
    signal,
  );
