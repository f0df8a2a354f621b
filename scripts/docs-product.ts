/**
 * Writes the generated tables of docs/ (`npm run docs:product`) from the modules that hold their
 * facts: the fixed strings (core/messages.ts), the service table (core/services.ts), the
 * constants (core/limits.ts), the problem reasons (core/problemReports.ts), the KYC tiers
 * (core/tiers.ts), the network prefixes (core/phone.ts) and the request limits
 * (server/config.ts). tests/docs.test.ts fails while a document holds another table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COOLING_OFF_ALLOWANCE_KOBO, COOLING_OFF_HOURS } from '../core/coolingOff';
import * as limits from '../core/limits';
import type { Words } from '../core/i18n/words';
import * as messages from '../core/messages';
import * as clipboard from '../core/words/clipboard';
import * as labels from '../core/labels';
import { formatNaira, koboToNaira } from '../core/money';
import { NETWORK_PREFIXES } from '../core/phone';
import { PROBLEM_NOTE_MAX_LENGTH, PROBLEM_REASONS } from '../core/problemReports';
import { PENDING_REPORT_AFTER_MS } from '../src/domain/records/transactionStatus';
import { cashbackPercent, RECENT_BENEFICIARIES, SERVICES, type ServiceDefinition } from '../core/services';
import { STATEMENT_MAX_DAYS, STATEMENT_MAX_ENTRIES } from '../core/statements';
import { raiseLimitsHint, TIERS } from '../core/tiers';
import { BENEFICIARY_INVALID, loadConfig } from '../server/cli/tooling';
import { beneficiaryWords, serviceTitles } from '../src/ui/purchases/serviceWords';

export const DOCS_DIR = fileURLToPath(new URL('../docs/', import.meta.url));

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));
const code = (text: string) => `\`${text}\``;
const table = (head: string[], rows: string[][]) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

/** What each constant of core/limits.ts is; a constant without a line here fails the type check. */
const LIMIT_MEANINGS: Record<keyof typeof limits, string> = {
  POLL_INTERVAL_MS: 'the session polls get-user, fetch-providers and fetch-notifications this often (ms)',
  OTP_RESEND_COUNTDOWN_S: 'seconds before another e-mail code may be asked for (the countdown starts here)',
  OTP_LENGTH: 'digits of an e-mailed code, one box each',
  PHONE_CODE_LENGTH: 'digits of the code texted to verify a phone, typed (or filled in by the browser) in one field',
  PIN_LENGTH: 'digits of the transaction pin, one box each',
  SET_PIN_BOXES: 'boxes of /set-pin: the pin and its confirmation',
  CHANGE_PIN_BOXES: 'boxes of /pin: the old pin, the new one and its confirmation',
  ACTIVITIES_PAGE_SIZE: 'rows per page of /activities (and the default of fetch-transactions)',
  DEFAULT_PAGINATION: "the session's `pagination`: rows of the dashboard's recent activities",
  DEFAULT_MAX_ATTEMPTS: "the session's `max_attempts` until the server answers its own (`PIN_MAX_ATTEMPTS`)",
  DEFAULT_TENANT: "the user's `tenant` when none is given, and after logout",
  ID_NUMBER_MAX_LENGTH: 'at most this many digits in the phone, NIN and BVN fields',
  TOAST_AUTO_CLOSE_MS: 'a toast closes by itself after this long (ms)',
  MINIMUM_AGE: 'the youngest a user may be (the terms)',
  DEVICE: 'the `device` the app sends with register, login, forgot and update-profile',
  PRODUCT_HEALTH_WINDOW_MS:
    "a product's pay calls of this last while (ms), on every replica, decide whether its biller is failing",
  PRODUCT_PAUSE_FAILURE_SHARE:
    'a product is paused when at least this share of those calls got no answer or an unexplained failure',
  PRODUCT_PAUSE_MIN_CALLS: '…and the window holds at least this many pay calls of it',
  PRODUCT_PAUSE_MIN_CUSTOMERS:
    "…made for at least this many different customers: one customer's input cannot pause it for everyone",
  PRODUCT_PAUSE_COOL_DOWN_MS:
    'a product paused for failing is sold again after this long (ms) as a trial: one purchase that delivers resumes it, one that fails pauses it again',
  PRODUCT_PAUSE_STAFF_RETRY_AFTER_S:
    'the Retry-After (s) of a purchase refused while staff keep a product paused (they resume it; it has no end of its own)',
};

/** Other limits the product states, from their own homes. */
const OTHER_LIMITS: [name: string, value: string, meaning: string][] = [
  [
    code('RECENT_BENEFICIARIES'),
    code(String(RECENT_BENEFICIARIES)),
    'recent beneficiaries a service screen offers (core/services.ts)',
  ],
  [code('STATEMENT_MAX_DAYS'), code(String(STATEMENT_MAX_DAYS)), 'days a statement may cover (core/statements.ts)'],
  [
    code('STATEMENT_MAX_ENTRIES'),
    code(String(STATEMENT_MAX_ENTRIES)),
    'ledger entries a statement document may hold: past it, a shorter period is asked for (core/statements.ts)',
  ],
  [
    code('COOLING_OFF_HOURS'),
    code(String(COOLING_OFF_HOURS)),
    'hours purchases cool off after a password or pin reset, a new device or a "this wasn\'t me" report (core/coolingOff.ts)',
  ],
  [
    code('COOLING_OFF_ALLOWANCE_KOBO'),
    `${code(String(COOLING_OFF_ALLOWANCE_KOBO))} (${naira(COOLING_OFF_ALLOWANCE_KOBO)})`,
    'what purchases may add up to while the account cools off (core/coolingOff.ts)',
  ],
  [
    code('PROBLEM_NOTE_MAX_LENGTH'),
    code(String(PROBLEM_NOTE_MAX_LENGTH)),
    "characters of a problem report's note (core/problemReports.ts)",
  ],
  [
    code('PENDING_REPORT_AFTER_MS'),
    `${code(String(PENDING_REPORT_AFTER_MS))} (${PENDING_REPORT_AFTER_MS / 3_600_000} h)`,
    'a bill still unsettled this long after it was placed offers a report by itself (src/domain/records/transactionStatus.ts)',
  ],
];

/** A message as the documents quote it: its English, a placeholder `{seconds}` becoming `<N>`. */
function messageText(value: Words): string {
  return value.message.replace(/\{\w+\}/g, '<N>');
}

/**
 * A module's exports by name: a namespace's keys are sorted by the language, but not by every
 * loader (the tests' one keeps the module's order).
 */
const byName = <T>(namespace: Record<string, T>): [string, T][] =>
  Object.entries(namespace).sort(([a], [b]) => (a < b ? -1 : 1));

function messagesTable(): string {
  const modules = [
    ['core/messages.ts', messages],
    ['core/words/clipboard.ts', clipboard],
  ] as const;
  return table(
    ['module', 'name', 'message'],
    modules.flatMap(([file, module]) =>
      byName(module).map(([name, value]) => [code(file), code(name), code(messageText(value))]),
    ),
  );
}

function labelsTable(): string {
  return table(
    ['name in core/labels.ts', 'label'],
    byName(labels).map(([name, value]) => [code(name), code(typeof value === 'string' ? value : value.message)]),
  );
}

function pricingText(service: ServiceDefinition): string {
  const { pricing } = service;
  return pricing.kind === 'amount'
    ? `amount, ${naira(pricing.minKobo)} – ${naira(pricing.maxKobo)}`
    : `${pricing.planLabel.toLowerCase()} (read-only amount)`;
}

function verificationText(service: ServiceDefinition): string {
  if (!service.verification) return 'no';
  const shown = ['name', ...service.verification.fields].join(', ');
  return service.verification.beforePaying
    ? `before paying: ${shown}`
    : 'verify-merchant answers it; the screen does not ask';
}

function servicesTable(): string {
  return table(
    [
      'route',
      'title',
      'purchase call',
      'category label',
      'provider field',
      'priced by',
      'merchant verification',
      'cashback',
    ],
    SERVICES.map((service) => [
      code(service.route),
      code(serviceTitles[service.key].title.message),
      code(`POST /api/${service.category}`),
      service.categoryLabel.message,
      service.providerLabel,
      pricingText(service),
      verificationText(service),
      service.cashbackBasisPoints === 0 ? 'none' : cashbackPercent(service),
    ]),
  );
}

function beneficiariesTable(): string {
  return table(
    ['route', 'field', 'typing lets through', 'message when not valid'],
    SERVICES.map((service) => {
      const { beneficiary } = service;
      const input =
        beneficiary.input === 'phone'
          ? 'a phone number (+234 becomes 0)'
          : `digits, at most ${beneficiary.input.maxDigits}`;
      return [
        code(service.route),
        beneficiaryWords[service.key].label.message,
        input,
        code(BENEFICIARY_INVALID[service.key].message),
      ];
    }),
  );
}

function limitsTable(): string {
  const rows = (Object.keys(LIMIT_MEANINGS) as (keyof typeof limits)[]).map((name) => [
    code(name),
    code(String(limits[name])),
    LIMIT_MEANINGS[name],
  ]);
  return table(['constant', 'value', 'meaning'], [...rows, ...OTHER_LIMITS]);
}

function windowText(ms: number): string {
  return ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : `${ms / 60_000} min`;
}

function rateLimitsTable(): string {
  const { rateLimits } = loadConfig({ APP_MODE: 'development' }).config;
  return table(
    ['limit', 'requests', 'per'],
    Object.entries(rateLimits).map(([name, limit]) => [code(name), String(limit.max), windowText(limit.windowMs)]),
  );
}

function problemReasonsTable(): string {
  return table(
    ['reason', 'label'],
    PROBLEM_REASONS.map((reason) => [code(reason.key), reason.label]),
  );
}

function tiersTable(): string {
  return table(
    ['tier', 'reached with', 'purchases a day', 'balance cap', 'what raises it'],
    TIERS.map((rule) => [
      String(rule.tier),
      rule.requirement,
      naira(rule.dailyLimitKobo),
      rule.balanceCapKobo === null ? 'none' : naira(rule.balanceCapKobo),
      raiseLimitsHint(rule.tier) || '(the highest tier)',
    ]),
  );
}

function prefixesTable(): string {
  return table(
    ['network', 'prefixes'],
    Object.entries(NETWORK_PREFIXES).map(([network, prefixes]) => [network, prefixes.map(code).join(' ')]),
  );
}

/** Every generated block: its document (in docs/), its name and its text. */
export function generatedBlocks(): { file: string; name: string; text: string }[] {
  return [
    { file: 'product.md', name: 'services', text: servicesTable() },
    { file: 'product.md', name: 'beneficiaries', text: beneficiariesTable() },
    { file: 'product.md', name: 'messages', text: messagesTable() },
    { file: 'product.md', name: 'labels', text: labelsTable() },
    { file: 'product.md', name: 'problem-reasons', text: problemReasonsTable() },
    { file: 'product.md', name: 'limits', text: limitsTable() },
    { file: 'product.md', name: 'rate-limits', text: rateLimitsTable() },
    { file: 'domain.md', name: 'prefixes', text: prefixesTable() },
    { file: 'domain.md', name: 'tiers', text: tiersTable() },
  ];
}

const startOf = (name: string) => `<!-- generated: ${name} (npm run docs:product) -->`;
const endOf = (name: string) => `<!-- end of generated: ${name} -->`;

/** `document` with the block `name` replaced by `text`; throws when the document lacks the block's markers. */
export function withBlock(document: string, name: string, text: string): string {
  const start = document.indexOf(startOf(name));
  const end = document.indexOf(endOf(name));
  if (start < 0 || end < start) throw new Error(`the document needs the lines ${startOf(name)} and ${endOf(name)}`);
  return `${document.slice(0, start + startOf(name).length)}\n${text}\n${document.slice(end)}`;
}

/** Each document of docs/ that holds generated blocks, as the blocks make it now. */
export function regeneratedDocuments(
  read: (file: string) => string = (file) => readFileSync(`${DOCS_DIR}${file}`, 'utf8'),
): Map<string, string> {
  const documents = new Map<string, string>();
  for (const block of generatedBlocks())
    documents.set(block.file, withBlock(documents.get(block.file) ?? read(block.file), block.name, block.text));
  return documents;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of regeneratedDocuments()) writeFileSync(`${DOCS_DIR}${file}`, text);
}
