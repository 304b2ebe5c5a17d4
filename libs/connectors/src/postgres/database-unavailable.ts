/**
 * The database cannot serve, or its schema is not the one this build expects: one line for an
 * operator, never a password or a stack trace. Apart from the checks that throw it, so that the
 * start-up can recognise it without loading Kysely and pg.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}
