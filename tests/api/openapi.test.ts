import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { SimulatedIdentity } from '../../server/gateways/simulatedIdentity';
import { DevCaptcha } from '../../server/gateways/devCaptcha';
import { testConfig, type TestApp } from '../support/api/app';
import { useTestApp } from '../support/api/useTestApp';
import { backends } from '../support/api/backends';

interface Operation {
  summary?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: { type?: { enum?: string[] } } } }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
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
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const served = registeredRoutes(t).filter((route) => /^\S+ \/(api|dev)\//.test(route));
    expect(served.length).toBeGreaterThan(30);
    expect(served.filter((route) => !documented.includes(route))).toEqual([]);
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, where).toBeTruthy();
        const success = operation.responses['200'] ?? operation.responses['201'];
        expect(success?.content?.['application/json'].schema.properties?.type?.enum, where).toEqual(['success']);
        for (const status of ['500', '503']) expect(operation.responses[status]?.content?.['application/json'].schema.properties?.type?.enum, `${where} ${status}`).toEqual(['error']);
      }
    }
  });

  it('describes request bodies from the routes’ own zod schemas, the bearer session and the Idempotency-Key', () => {
    const register = doc.paths['/api/register'].post;
    expect(Object.keys(register.requestBody!.content['application/json'].schema.properties!)).toEqual(
      expect.arrayContaining(['device', 'name', 'email', 'phone', 'password', 'confirm_password', 'token']),
    );
    expect(register.security).toBeUndefined();
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['201', '422', '429']));

    const airtime = doc.paths['/api/airtime'].post;
    expect(airtime.security).toEqual([{ bearer: [] }]);
    expect(airtime.parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }));
    expect(Object.keys(airtime.responses)).toEqual(expect.arrayContaining(['200', '401', '409', '423', '502']));
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
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
    const app = await buildApp(testConfig({ production: true, smtpUrl: 'smtp://127.0.0.1:1', captchaSecret: 'unused' }), { db: database.db, captcha: new DevCaptcha(), identity: new SimulatedIdentity() });
    try {
      expect((await app.inject({ method: 'GET', url: '/docs/' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
