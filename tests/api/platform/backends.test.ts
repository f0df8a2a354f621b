import { describe, expect, it } from 'vitest';
import { backends, postgresRequired, postgresUnavailable } from '../../support/api/backends';
import { redisRequired, redisUnavailable } from '../../support/api/counters';
import { ownClusterUnavailable } from '../../support/api/ownCluster';
import { ownRedisUnavailable } from '../../support/api/ownRedis';

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

  // The fault suite kills and restarts servers of its own: the shared ones stay up for every other file.
  it('include the servers the fault suite kills, Redis when CI or REQUIRE_REDIS asks for it', () => {
    if (ownRedisUnavailable) console.warn(`note: ${ownRedisUnavailable}; the Redis faults were left out.`);
    if (ownClusterUnavailable) console.warn(`note: ${ownClusterUnavailable}; the PostgreSQL restart was left out.`);
    if (redisRequired) expect(ownRedisUnavailable, 'redis-server is required on CI').toBeUndefined();
  });
});
