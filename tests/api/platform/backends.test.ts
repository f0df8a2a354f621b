import { describe, expect, it } from 'vitest';
import { backends, postgresRequired, postgresUnavailable } from '../../support/api/backends';
import { redisRequired, redisUnavailable } from '../../support/api/counters';

describe('test back ends', () => {
  it('always include PGlite', () => {
    expect(backends.map((b) => b.name)).toContain('pglite');
  });

  it('include PostgreSQL when CI or REQUIRE_POSTGRES asks for it', () => {
    if (postgresUnavailable) console.warn(`note: ${postgresUnavailable}; the API suite ran on PGlite only.`);
    if (postgresRequired) expect(postgresUnavailable, 'PostgreSQL is required on CI').toBeUndefined();
  });

  it('include Redis for the request counters when CI or REQUIRE_REDIS asks for it', () => {
    if (redisUnavailable)
      console.warn(`note: ${redisUnavailable}; the request counters were tested in the database only.`);
    if (redisRequired) expect(redisUnavailable, 'Redis is required on CI').toBeUndefined();
  });
});
