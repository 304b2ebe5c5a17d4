/** The database does not answer, or its schema is not the one this build expects: the start stops with this message. */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}
