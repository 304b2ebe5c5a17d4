import { createRequire } from 'node:module';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

let instrumentation: PgInstrumentation | undefined;

/**
 * A span per statement the PostgreSQL pools send (the connectors' and the key store's), from the
 * official instrumentation: `db.system.name`, `db.query.text` as Kysely wrote it, with `$1`
 * placeholders and never the bound values (`enhancedDatabaseReporting` stays off), an error
 * status when the statement fails, and `db.operation.name`, which the instrumentation names the
 * span after but does not record. Only beneath a request's span: start-up reads are not worth a
 * trace of their own. One per process: it patches `pg` itself, which every tracing start shares.
 */
export function databaseStatementSpans(): PgInstrumentation {
  if (instrumentation) return instrumentation;
  instrumentation = new PgInstrumentation({
    requireParentSpan: true,
    enhancedDatabaseReporting: false,
    requestHook: (span, { query }) => span.setAttribute('db.operation.name', operationOf(query.text)),
  });
  // The instrumentation patches `pg` as it is required. Ours was loaded before tracing started
  // (the connectors import it); the require hook patches a module already loaded when it is
  // required again, which this does, once.
  createRequire(import.meta.url)('pg');
  return instrumentation;
}

/** The statement's first keyword (`SELECT`, `WITH`, `INSERT`...), as the semantic conventions ask. */
function operationOf(text: string): string {
  return text.trimStart().split(/\s/, 1)[0]?.toUpperCase() ?? '';
}
