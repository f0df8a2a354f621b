// The `contract` project's front door (playwright.config.ts): Stoplight Prism as a validating
// proxy between the browser journeys and the server, so that every call the app makes and every
// answer it gets is checked against the API description the server publishes.
//
// 1. The description is read from the server's own /docs/json and written to SPEC_FILE: Prism
//    checks the document of this very build.
// 2. `prism proxy SPEC_FILE UPSTREAM --errors` listens on a free port of its own: a request or an
//    answer that breaks the description is answered with Prism's error (422 or 500, problem+json)
//    instead of the server's, and any violation, warnings included, is named in `sl-violations`.
// 3. This process listens on PORT: the API (/api, /dev) goes through Prism, everything else (the
//    app's pages and files, which the description leaves out) straight to the server. Prism refuses
//    a path its document does not name, and reads every body as text, which would break the
//    app's binary files.
// 4. Each violation Prism reports is kept, and each call it refused with its reasons; GET
//    /__contract/violations answers them and forgets them. The journeys' fixture
//    reads it after each journey (journeys.ts): one fails the journey.
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import {
  Agent,
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from '../../../testkit/freePort';
import { keepIdleConnections } from '../../../testkit/idleConnections';
import { eventually } from '../api/eventually';

const upstream = new URL(required('UPSTREAM'));
const port = Number(required('PORT'));
const specFile = required('SPEC_FILE');

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`contractProxy: ${name} is not set`);
  return value;
}

interface Violation {
  call: string;
  status: number;
  violations: unknown;
}
const violations: Violation[] = [];

/** Starts Prism on `prismPort` and resolves once it forwards a call. */
async function startPrism(prismPort: number) {
  const cli = join(
    dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')),
    'dist',
    'index.js',
  );
  const args = [
    'proxy',
    specFile,
    upstream.origin,
    '--errors',
    '--port',
    String(prismPort),
    '--host',
    '127.0.0.1',
    '--cors',
    'false',
    '--verboseLevel',
    'warn',
  ];
  const prism = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'inherit', 'inherit'] });
  prism.on('exit', (code) => {
    console.error(`contractProxy: Prism exited (${code})`);
    process.exit(1);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => prism.kill(signal) && process.exit(0));
  const forwards = () =>
    fetch(`http://127.0.0.1:${prismPort}/api/health/live`).then(
      (response) => response.ok,
      () => false,
    );
  await eventually(forwards, (answered) => answered, { timeoutMs: 60_000, intervalMs: 200 });
}

/** Keeps what Prism said of a call: the violations it names, or its own refusal of the call (with its reasons). */
function record(call: string, answer: IncomingMessage) {
  const header = answer.headers['sl-violations'];
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/problem+json')) {
    if (header !== undefined)
      violations.push({ call, status: answer.statusCode ?? 0, violations: readable(String(header)) });
    return;
  }
  // Prism's refusal names the violations in its body.
  const chunks: Buffer[] = [];
  answer.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.on('end', () =>
    violations.push({
      call,
      status: answer.statusCode ?? 0,
      violations: readable(Buffer.concat(chunks).toString('utf8')),
    }),
  );
}

/** JSON as data; Prism cuts a long list short ("Too many violations! …"), which stays the text it is. */
function readable(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Each forwarded call on a connection of its own: Prism, like any Node server, closes an idle
// connection after five seconds, and a reused one could be closing just as a call is sent on it.
const oneCallPerConnection = new Agent({ keepAlive: false });

/** The headers without those about one connection: each side's connection keeps its own. */
function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = { ...headers };
  delete kept.connection;
  delete kept['keep-alive'];
  return kept;
}

function pass(request: IncomingMessage, response: ServerResponse, target: URL, viaPrism: boolean) {
  const call = `${request.method} ${request.url}`;
  const outgoing = forward(
    target,
    {
      method: request.method,
      headers: { ...endToEnd(request.headers), host: target.host },
      agent: oneCallPerConnection,
    },
    (answer) => {
      if (viaPrism) record(call, answer);
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(response);
    },
  );
  outgoing.on('error', (error) => response.writeHead(502).end(`contractProxy: ${error.message}`));
  request.pipe(outgoing);
}

const spec = await fetch(new URL('/docs/json', upstream));
if (!spec.ok)
  throw new Error(
    `contractProxy: ${upstream.origin}/docs/json answered ${spec.status} (the server must run in development mode)`,
  );
await writeFile(specFile, await spec.text());
const prismPort = await freePort();
await startPrism(prismPort);
const prism = new URL(`http://127.0.0.1:${prismPort}`);

const front = createServer((request, response) => {
  const path = request.url ?? '/';
  if (path === '/__contract/violations') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(violations.splice(0)));
    return;
  }
  const api = /^\/(api|dev)\//.test(path);
  pass(request, response, new URL(path, api ? prism : upstream), api);
});
keepIdleConnections(front).listen(port, '127.0.0.1', () =>
  console.log(`contractProxy: Prism checks ${upstream.origin}'s API on http://127.0.0.1:${port}`),
);
