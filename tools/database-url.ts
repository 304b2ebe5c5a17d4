/** DATABASE_URL, or a one-line explanation and exit status 1: the tools need nothing else to find the database. */
export function requireDatabaseUrl(): string {
  const url = process.env['DATABASE_URL'];
  if (!url) {
    console.error('DATABASE_URL is not set: export DATABASE_URL=postgres://user:password@host:5432/database');
    process.exit(1);
  }
  return url;
}
