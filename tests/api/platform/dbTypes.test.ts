import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { databaseTypes, GENERATED_FILE } from '../../../server/cli/dbTypes';

// Building the database from every migration takes a few seconds on a busy machine.
const MIGRATING = 60_000;

it(
  'has the types of the tables the migrations build (npm run db:types rewrites them)',
  async () => {
    const checkedIn = await readFile(GENERATED_FILE, 'utf8');
    expect(
      await databaseTypes(),
      'server/db/generated.ts is not what the migrations build: run `npm run db:types`',
    ).toBe(checkedIn);
  },
  MIGRATING,
);
