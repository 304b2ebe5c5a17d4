import { sql, type Kysely } from 'kysely';
import type { Database } from './database.js';
import type { MigrationSet } from './migrator.js';
import { DatabaseUnavailableError } from './database-unavailable.js';
import { isWriteConflict } from './loader/write-conflicts.js';

/** Where a URL points, without its password: for messages. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `${user}${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return '(an unparseable DATABASE_URL)';
  }
}

/** Why a connection or query failed, in words an operator can act on. */
export function explainDatabaseError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  if (isWriteConflict(error)) return 'other writes kept changing the same rows meanwhile; nothing of this one was applied: run it again';
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is PostgreSQL running and listening there?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ETIMEDOUT':
      return 'connection timed out';
    case '28P01':
    case '28000':
      return 'authentication failed (check the user and password in DATABASE_URL)';
    case '3D000':
      return 'the database does not exist';
    case '57P01':
    case '57P02':
      return 'the server is shutting down';
    case '57P03':
      return 'the server is starting up or shutting down';
    default:
      if (message?.includes('timeout')) return 'connection timed out';
      return code ? `PostgreSQL error ${code}` : (message ?? 'unknown error').split('\n')[0];
  }
}

/**
 * Start-up check: the database answers and every migration set is current. Throws a
 * DatabaseUnavailableError whose message is one line naming the fix.
 */
export async function checkDatabase(db: Kysely<Database>, url: string, sets: readonly MigrationSet[]): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    throw new DatabaseUnavailableError(`Cannot use PostgreSQL at ${describeDatabaseUrl(url)}: ${explainDatabaseError(error)}`);
  }
  for (const set of sets) {
    let pending: number;
    try {
      pending = (await set.migrator(db).getMigrations()).filter((migration) => migration.executedAt === undefined).length;
    } catch (error) {
      throw new DatabaseUnavailableError(`Cannot read the ${set.name} schema version at ${describeDatabaseUrl(url)}: ${explainDatabaseError(error)}`);
    }
    if (pending > 0) {
      throw new DatabaseUnavailableError(
        `The ${set.name} schema at ${describeDatabaseUrl(url)} is behind this build (${pending} migration${pending === 1 ? '' : 's'} pending): run \`npm run db:migrate\``,
      );
    }
  }
}
