import { beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/server';
import { SimulatedIdentity } from '../../../server/gateways/simulatedIdentity';
import { DevCaptcha } from '../../../server/gateways/devCaptcha';
import { DevSms } from '../../../server/gateways/devSms';
import { testConfig, type TestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { SIGNED_OUT_CALLS } from '../../../core/signedOutCalls';

interface Schema {
  properties?: Record<string, Schema & { enum?: string[] }>;
  additionalProperties?: unknown;
  $ref?: string;
  anyOf?: Schema[];
  items?: Schema;
}
interface Operation {
  summary?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, Schema> };
}

/** Every route the app registered, as `METHOD path` (a parameter written as OpenAPI writes it, `{name}`), read off Fastify's own route table. */
function registeredRoutes(t: TestApp): string[] {
  const routes: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    const path = match[1].replace(/:(\w+)/g, '{$1}');
    for (const method of match[2].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

describe('the OpenAPI document (development)', () => {
  let doc: Document;
  const t = useTestApp(backends[0]);
  beforeAll(async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    doc = response.json<Document>();
  });

  it('is OpenAPI 3.1 and describes every route the app serves, each with its envelopes', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const served = registeredRoutes(t).filter((route) => /^\S+ \/(api|dev)\//.test(route));
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((route) => !documented.includes(route))).toEqual([]);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, where).toBeTruthy();
        const success = operation.responses['200'] ?? operation.responses['201'];
        if (success?.content?.['application/json'])
          expect(success.content['application/json'].schema.properties?.type?.enum, where).toEqual(['success']);
        for (const status of ['500', '503'])
          expect(
            operation.responses[status]?.content?.['application/json'].schema.properties?.type?.enum,
            `${where} ${status}`,
          ).toEqual(['error']);
      }
    }
  });

  it('describes request bodies from the routes’ own zod schemas, the bearer session and the Idempotency-Key', () => {
    const register = doc.paths['/api/register'].post;
    expect(Object.keys(register.requestBody!.content['application/json'].schema.properties!)).toEqual(
      expect.arrayContaining(['device', 'name', 'email', 'phone', 'password', 'confirm_password', 'token']),
    );
    // A public call says so: an empty requirement, not silence.
    expect(register.security).toEqual([]);
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['201', '422', '429']));

    const airtime = doc.paths['/api/airtime'].post;
    expect(airtime.security).toEqual([{ bearer: [] }]);
    expect(airtime.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
    );
    expect(Object.keys(airtime.responses)).toEqual(expect.arrayContaining(['200', '401', '409', '423', '502']));
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it("names as public exactly the app's calls that its client sends without a session", () => {
    // The partners' webhooks are public too, but called by the partners, never by the app.
    const publicCalls = Object.entries(doc.paths)
      .filter(([path, operations]) => /^\/api\//.test(path) && !path.startsWith('/api/webhooks/') && operations.post)
      .filter(([, operations]) => operations.post.security?.length === 0)
      .map(([path]) => path);
    expect(publicCalls.sort()).toEqual([...SIGNED_OUT_CALLS].sort());
  });

  /** Every operation, as `METHOD path` with its description. */
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ where: `${method.toUpperCase()} ${path}`, operation })),
    );
  /** The envelope a JSON answer of this status is described with. */
  const envelopeOf = (operation: Operation, status: string) =>
    operation.responses[status]?.content?.['application/json']?.schema;
  /** A schema that says nothing: `{}` (what z.unknown() becomes). */
  const saysNothing = (schema: Schema) => Object.keys(schema).filter((key) => key !== 'description').length === 0;

  it("describes every success's data from the contract's schemas; the routes that answer none say so", () => {
    const noData: string[] = [];
    let described = 0;
    for (const { where, operation } of operations()) {
      const status = Object.keys(operation.responses).find((code) => /^[23]/.test(code))!;
      const envelope = envelopeOf(operation, status);
      // A file, a page or a redirect: described by its content types, or by having no body.
      if (!envelope) continue;
      expect(envelope.additionalProperties, `${where}: an envelope of exactly its fields`).toBe(false);
      const data = envelope.properties?.data;
      if (!data) noData.push(where);
      else {
        expect(saysNothing(data), `${where}: data described`).toBe(false);
        described += 1;
      }
    }
    expect(described).toBeGreaterThanOrEqual(48);
    expect(noData.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/health/live',
        'POST /api/beneficiaries/delete',
        'POST /api/change-password',
        'POST /api/forgot',
        'POST /api/forgot-pin',
        'POST /api/logout',
        'POST /api/mark-notification',
        'POST /api/not-me',
        'POST /api/passkeys/remove',
        'POST /api/resend-otp',
        'POST /api/reset',
        'POST /api/schedules/delete',
        'POST /api/send-phone-code',
      ].sort(),
    );
    expect(doc.components.schemas.UserData).toBeDefined();
  });

  it('describes the data an error carries where it carries any (a refused pin), and no other', () => {
    for (const { where, operation } of operations()) {
      for (const status of Object.keys(operation.responses).filter((code) => /^[45]/.test(code))) {
        const data = envelopeOf(operation, status)?.properties?.data;
        if (data) expect(saysNothing(data), `${where} ${status}`).toBe(false);
      }
    }
    const airtime = doc.paths['/api/airtime'].post;
    expect(envelopeOf(airtime, '400')?.properties?.data).toEqual({ $ref: '#/components/schemas/PinIncorrect' });
    expect(envelopeOf(airtime, '502')?.properties?.data).toEqual({ $ref: '#/components/schemas/Transaction' });
    expect(envelopeOf(doc.paths['/api/login'].post, '403')?.properties?.data).toEqual({
      $ref: '#/components/schemas/LoginRefusal',
    });
    expect(envelopeOf(airtime, '409')?.properties?.data).toBeUndefined();
  });

  it('declares the body of every POST (an empty object where the app sends {}), and none for a GET', () => {
    // The simulated checkout's buttons are forms of no fields: the browser posts an empty body.
    const forms = ['POST /dev/checkout/{reference}/pay', 'POST /dev/checkout/{reference}/cancel'];
    for (const { where, operation } of operations()) {
      if (where.startsWith('GET ') || forms.includes(where)) expect(operation.requestBody, where).toBeUndefined();
      else expect(operation.requestBody?.content['application/json'].schema, where).toBeDefined();
    }
    const getUser = doc.paths['/api/get-user'].post.requestBody!.content['application/json'].schema;
    expect(getUser).toMatchObject({ type: 'object', properties: {}, additionalProperties: false });
    const airtime = doc.paths['/api/airtime'].post.requestBody!.content['application/json'].schema;
    expect(Object.keys(airtime.properties!)).toEqual(['provider_id', 'beneficiary', 'amount', 'pin', 'passkey']);
    // The steps of /schedules that authorise a schedule again take a passkey in place of the pin too.
    for (const path of ['/api/schedules/accept-price', '/api/schedules/authorise']) {
      const step = doc.paths[path].post.requestBody!.content['application/json'].schema;
      expect(Object.keys(step.properties!), path).toEqual(['schedule_id', 'pin', 'passkey']);
    }
    expect(doc.paths['/dev/mailbox'].get.parameters).toContainEqual(
      expect.objectContaining({ in: 'query', name: 'to' }),
    );
    expect(Object.keys(doc.paths['/api/statements/download'].post.responses['200'].content!)).toEqual([
      'text/csv',
      'application/pdf',
    ]);
  });

  it('is browsable at /docs', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('the OpenAPI UI in production', () => {
  it('is not served', async () => {
    const database = await backends[0].open();
    const { app } = await buildServer(
      testConfig({ production: true, smtpUrl: 'smtp://127.0.0.1:1', captchaSecret: 'unused' }),
      {
        db: database.db,
        captcha: new DevCaptcha(),
        identity: new SimulatedIdentity(),
        sms: new DevSms({ print: () => {} }),
      },
    );
    try {
      expect((await app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
