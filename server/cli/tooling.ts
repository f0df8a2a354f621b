/**
 * What the repository's own tooling (scripts/: the product docs, the Lighthouse run) reads of the
 * server: its configuration table, the demo account and the words only the server says of a
 * service. Scripts reach the server only through server/cli/, so that its internals can move
 * without breaking them.
 */
export { loadConfig } from '../config';
export { DEMO_ACCOUNT } from '../db/demoAccount';
export { BENEFICIARY_INVALID } from '../services/purchases/wording';
