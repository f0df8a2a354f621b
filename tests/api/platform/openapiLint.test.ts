import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

/**
 * The API description is for other tools too (client generators, gateways, mock servers): the
 * server's own `/docs/json`, as a newcomer would fetch it, passes Redocly's recommended rules.
 * Where a rule asks for what the operation cannot truthfully say, the exception is named here
 * with its reason, and must still be needed (a fixed route drops out of the list).
 */
const EXCEPTIONS: { rule: string; at: string; why: string }[] = [
  ...['/api/health', '/api/health/live', '/api/health/ready'].map((path) => ({
    rule: 'operation-4xx-response',
    at: `#/paths/${path.replaceAll('/', '~1')}/get/responses`,
    why: "a probe has nothing to get wrong: the checks answer 200 or 503, never a client's error",
  })),
  ...['pay', 'cancel'].map((action) => ({
    rule: 'operation-2xx-response',
    at: `#/paths/~1dev~1checkout~1{reference}~1${action}/post/responses`,
    why: "the simulated checkout page's form posts (development only) answer with the redirect back to /funding",
  })),
];

describe('the API description', () => {
  const t = useTestApp(backends[0]);

  it("passes Redocly's recommended rules, but for the exceptions named with their reason", async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(answer.statusCode).toBe(200);
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: answer.body, absoluteRef: 'openapi.json', config });
    const found = problems.map((problem) => ({
      rule: problem.ruleId,
      at: problem.location[0]?.pointer ?? '',
      message: problem.message,
    }));
    const excepted = (problem: { rule: string; at: string }) =>
      EXCEPTIONS.some((one) => one.rule === problem.rule && one.at === problem.at);
    expect(found.filter((problem) => !excepted(problem))).toEqual([]);
    expect(
      EXCEPTIONS.filter((one) => !found.some((problem) => problem.rule === one.rule && problem.at === one.at)),
    ).toEqual([]);
  });

  it('names every operation for client generators, each name once, and says which calls are public', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
    }>();
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const names = operations.map((operation) => operation.operationId);
    expect(names.every((name) => typeof name === 'string' && /^[a-z][A-Za-z]*$/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    expect(document.paths['/api/get-user'].post.operationId).toBe('getUser');
    expect(document.paths['/api/login'].post.security).toEqual([]);
    expect(document.paths['/api/get-user'].post.security).toEqual([{ bearer: [] }]);
    expect(document.servers).toEqual([{ url: '/', description: 'the host that serves this document' }]);
    // The polls answer GET beside POST: the method leads the name of all but POST.
    expect([document.paths['/api/get-user'].get.operationId, document.paths['/api/health'].get.operationId]).toEqual([
      'getGetUser',
      'health',
    ]);
  });
});
