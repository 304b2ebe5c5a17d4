import type { Scenario } from './scenario.js';

/**
 * Where PostgreSQL scenarios join the run: only when `TEST_DATABASE_URL` names a database (the
 * PostgreSQL adapter has its own `npm run bench:postgres`; its figures belong in this table too).
 */
export function postgresScenarios(databaseUrl: string | undefined): Scenario[] {
  if (!databaseUrl) return [];
  return [];
}
