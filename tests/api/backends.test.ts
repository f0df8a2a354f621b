import { describe, expect, it } from 'vitest';
import { backends, postgresRequired, postgresUnavailable } from './support/backends';

describe('test back ends', () => {
  it('always include PGlite', () => {
    expect(backends.map((b) => b.name)).toContain('pglite');
  });

  it('include PostgreSQL when CI or REQUIRE_POSTGRES asks for it', () => {
    if (postgresUnavailable) console.warn(`note: ${postgresUnavailable}; the API suite ran on PGlite only.`);
    if (postgresRequired) expect(postgresUnavailable, 'PostgreSQL is required on CI').toBeUndefined();
  });
});
