/**
 * Maintainer command for API keys: `npm run keys -- create | list | revoke | rotate | import`.
 * Parsing and printing only; what a key is and how each store changes lives in @hotelapi/auth.
 */
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type ApiKeyListing, ApiKeyMode, FileKeyAdmin, formatGrant, type KeyAdmin, parseGrant, parseScopes, readKeyFile } from '@hotelapi/auth';
import { openKeyDatabase, PostgresKeyAdmin } from '@hotelapi/auth/postgres';

/** How long a replaced secret keeps working after `rotate`, unless --grace says otherwise. */
const DEFAULT_GRACE = '24h';

const USAGE = `Usage: npm run keys -- <command> [options]

Commands:
  create --label TEXT --mode live|test --grant GRANT [--grant GRANT ...] [--scope SCOPES]
         [--expires-in DURATION | --expires-at ISO_TIME] [--rate-limit N]
      Issue a key. It is printed once and stored only as a hash. --scope is read (the
      default), write or read,write: a write key may push data (POST /v1/data) for the
      properties its grants cover. --rate-limit sets the key's requests per rate-limit
      window instead of the deployment's RATE_LIMIT_MAX.
  list
      Show every key: id, label, mode, grants, scopes, created, revoked, expires, rate limit, last used.
  revoke KEY_ID
      Revoke a key.
  rotate KEY_ID [--grace DURATION]
      Give a key a new secret (printed once). The old secret keeps working for the grace
      period (default ${DEFAULT_GRACE}) so its users can switch; id, grants and budget stay.
  import --from PATH
      Copy the keys of a key file into PostgreSQL (needs DATABASE_URL); ids already there are skipped.

Every command but import takes [--file PATH] to work on a key file.
Store: --file PATH, else PostgreSQL when DATABASE_URL is set, else the key file
$API_KEYS_FILE or .data/api-keys.json (relative to the current directory).
With PostgreSQL, running instances apply every change within a second; with a key file, they
apply it when restarted.
GRANT is all, chain:CODE (every property of the chain) or property:CODE.
DURATION is a number and a unit: 30s, 15m, 24h, 90d.
`;

/** The command line itself is wrong: answered with the usage text and exit status 2. */
class UsageError extends Error {}

const FILE_OPTION = { file: { type: 'string' } } as const;

function parseCommandLine<Options extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: Options) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The store a command works on: see USAGE. */
async function openAdmin(file: string | undefined): Promise<KeyAdmin> {
  const databaseUrl = process.env['DATABASE_URL'];
  if (file === undefined && databaseUrl) return openPostgresAdmin(databaseUrl);
  return new FileKeyAdmin(resolve(file ?? process.env['API_KEYS_FILE'] ?? '.data/api-keys.json'));
}

function openPostgresAdmin(databaseUrl: string): PostgresKeyAdmin {
  return new PostgresKeyAdmin(openKeyDatabase(databaseUrl, 1));
}

function expectNoPositionals(command: string, positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`${command} takes no argument "${positionals[0]}"`);
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

function parseDuration(option: string, text: string): number {
  const match = /^(\d+)([smhd])$/.exec(text.trim());
  if (!match) throw new UsageError(`${option} must be a number and a unit (s, m, h, d), such as 24h; not "${text}"`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

function expiryFrom(values: { 'expires-in'?: string; 'expires-at'?: string }, now: Date): Date | undefined {
  if (values['expires-in'] && values['expires-at']) throw new UsageError('give --expires-in or --expires-at, not both');
  if (values['expires-in']) return new Date(now.getTime() + parseDuration('--expires-in', values['expires-in']));
  if (!values['expires-at']) return undefined;
  const at = new Date(values['expires-at']);
  if (Number.isNaN(at.getTime()) || at <= now) throw new UsageError('--expires-at must be a future time such as 2027-01-31T00:00:00Z');
  return at;
}

async function create(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(args, {
    label: { type: 'string' },
    mode: { type: 'string' },
    grant: { type: 'string', multiple: true },
    scope: { type: 'string' },
    'expires-in': { type: 'string' },
    'expires-at': { type: 'string' },
    'rate-limit': { type: 'string' },
    ...FILE_OPTION,
  });
  expectNoPositionals('create', positionals);
  const label = values.label?.trim();
  if (!label) throw new UsageError('create needs --label');
  const mode = ApiKeyMode.safeParse(values.mode);
  if (!mode.success) throw new UsageError('create needs --mode live or --mode test');
  if (!values.grant?.length) throw new UsageError('create needs at least one --grant');
  const grants = values.grant.map((text) => {
    try {
      return parseGrant(text);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  });
  const scopes = scopesFrom(values.scope);
  const rateLimitMax = values['rate-limit'] === undefined ? undefined : Number(values['rate-limit']);
  if (rateLimitMax !== undefined && !(Number.isInteger(rateLimitMax) && rateLimitMax > 0)) {
    throw new UsageError('--rate-limit must be a whole number of requests per window, above 0');
  }
  const now = new Date();
  const expiresAt = expiryFrom(values, now);

  await withAdmin(values.file, async (admin) => {
    const { key, record } = await admin.create({ label, mode: mode.data, grants, scopes, now, expiresAt, rateLimitMax });
    const extras = [record.expiresAt && `expires ${record.expiresAt}`, record.rateLimitMax && `${record.rateLimitMax} requests per window`].filter(Boolean);
    console.log(`Created API key ${record.id} "${record.label}" (${record.mode}), grants: ${record.grants.map(formatGrant).join(', ')}, scopes: ${record.scopes.join(',')}${extras.length ? `; ${extras.join('; ')}` : ''}

    ${key}

Copy the key now: this is the only time it is shown and it is not stored anywhere.
${admin.where} keeps only its hash, so a lost key cannot be recovered, only revoked and replaced.`);
  });
}

function scopesFrom(text: string | undefined) {
  if (text === undefined) return undefined;
  try {
    return parseScopes(text);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function list(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(args, FILE_OPTION);
  expectNoPositionals('list', positionals);
  await withAdmin(values.file, async (admin) => {
    const keys = await admin.list();
    console.log(keys.length === 0 ? `No API keys in ${admin.where}.` : formatKeyTable(keys));
  });
}

async function revoke(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(args, FILE_OPTION);
  const [keyId, ...extra] = positionals;
  if (keyId === undefined) throw new UsageError('revoke needs the KEY_ID (see list)');
  expectNoPositionals('revoke', extra);

  await withAdmin(values.file, async (admin) => {
    const now = new Date();
    const revoked = await admin.revoke(keyId, now);
    console.log(
      revoked.revokedAt === now.toISOString()
        ? `Revoked ${revoked.id} "${revoked.label}". ${whenApplied(admin)}`
        : `${revoked.id} "${revoked.label}" was already revoked at ${revoked.revokedAt}.`,
    );
  });
}

async function rotate(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(args, { grace: { type: 'string' }, ...FILE_OPTION });
  const [keyId, ...extra] = positionals;
  if (keyId === undefined) throw new UsageError('rotate needs the KEY_ID (see list)');
  expectNoPositionals('rotate', extra);
  const graceMs = parseDuration('--grace', values.grace ?? DEFAULT_GRACE);

  await withAdmin(values.file, async (admin) => {
    const now = new Date();
    const { key, record } = await admin.rotate(keyId, { now, graceMs });
    console.log(`New secret for ${record.id} "${record.label}":

    ${key}

Copy it now: it is shown only this once. The previous secret keeps working until
${new Date(now.getTime() + graceMs).toISOString()}, then only this one does. ${whenApplied(admin)}`);
  });
}

async function importKeys(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(args, { from: { type: 'string' } });
  expectNoPositionals('import', positionals);
  if (!values.from) throw new UsageError('import needs --from PATH (the key file)');
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) throw new UsageError('import copies keys into PostgreSQL: set DATABASE_URL');
  const file = resolve(values.from);
  const { keys } = await readKeyFile(file);
  const admin = openPostgresAdmin(databaseUrl);
  try {
    const { imported, skipped } = await admin.importKeys(keys);
    console.log(`Imported ${imported.length} key(s) from ${file} into PostgreSQL${imported.length ? `: ${imported.join(', ')}` : ''}.`);
    if (skipped.length) console.log(`Skipped ${skipped.length} already there: ${skipped.join(', ')}.`);
  } finally {
    await admin.close();
  }
}

function whenApplied(admin: KeyAdmin): string {
  return admin.where === 'PostgreSQL'
    ? 'Every running instance applies it within a second.'
    : `The API applies it when it next loads ${admin.where} (at start).`;
}

async function withAdmin(file: string | undefined, work: (admin: KeyAdmin) => Promise<void>): Promise<void> {
  const admin = await openAdmin(file);
  try {
    await work(admin);
  } finally {
    await admin.close();
  }
}

function formatKeyTable(keys: readonly ApiKeyListing[]): string {
  const rows = [
    ['ID', 'LABEL', 'MODE', 'GRANTS', 'SCOPES', 'CREATED', 'REVOKED', 'EXPIRES', 'RATE LIMIT', 'LAST USED'],
    ...keys.map((key) => [
      key.id,
      key.label,
      key.mode,
      key.grants.map(formatGrant).join(','),
      key.scopes.join(','),
      key.createdAt,
      key.revokedAt ?? '-',
      key.expiresAt ?? '-',
      key.rateLimitMax === undefined ? '-' : String(key.rateLimitMax),
      key.lastUsedAt ?? '-',
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = { create, list, revoke, rotate, import: importKeys };

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const [command, ...args] = argv;
  const run = command === undefined ? undefined : COMMANDS[command];
  if (!run) throw new UsageError(command === undefined ? 'Missing command' : `Unknown command "${command}"`);
  await run(args);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  process.stderr.write(`${(error as Error).message}\n`);
  return 1;
});
