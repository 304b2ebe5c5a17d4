/**
 * Maintainer command for API keys: `npm run keys -- create | list | revoke`.
 * Parsing and printing only; what a key is and how the key file changes lives in @hotelapi/auth.
 */
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type ApiKeyListing, ApiKeyMode, addKey, formatGrant, listKeys, parseGrant, revokeKey } from '@hotelapi/auth';

const USAGE = `Usage: npm run keys -- <command> [options]

Commands:
  create --label TEXT --mode live|test --grant GRANT [--grant GRANT ...] [--file PATH]
      Issue a key. It is printed once and stored only as a hash.
  list [--file PATH]
      Show every key: id, label, mode, grants, created, revoked.
  revoke KEY_ID [--file PATH]
      Revoke a key. The API stops accepting it when it next loads the key file.

GRANT is all, chain:CODE (every property of the chain) or property:CODE.
PATH defaults to $API_KEYS_FILE, else .data/api-keys.json, relative to the current directory.
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

function keyFilePath(file: string | undefined): string {
  return resolve(file ?? process.env['API_KEYS_FILE'] ?? '.data/api-keys.json');
}

function expectNoPositionals(command: string, positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`${command} takes no argument "${positionals[0]}"`);
}

async function create(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(args, {
    label: { type: 'string' },
    mode: { type: 'string' },
    grant: { type: 'string', multiple: true },
    ...FILE_OPTION,
  });
  expectNoPositionals('create', positionals);
  if (!values.label?.trim()) throw new UsageError('create needs --label');
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

  const file = keyFilePath(values.file);
  const { key, record } = await addKey(file, { label: values.label.trim(), mode: mode.data, grants, now: new Date() });
  console.log(`Created API key ${record.id} "${record.label}" (${record.mode}), grants: ${record.grants.map(formatGrant).join(', ')}

    ${key}

Copy the key now: this is the only time it is shown and it is not stored anywhere.
${file} keeps only its hash, so a lost key cannot be recovered, only revoked and replaced.`);
}

async function list(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(args, FILE_OPTION);
  expectNoPositionals('list', positionals);
  const file = keyFilePath(values.file);
  const keys = await listKeys(file);
  console.log(keys.length === 0 ? `No API keys in ${file}.` : formatKeyTable(keys));
}

async function revoke(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(args, FILE_OPTION);
  const [keyId, ...extra] = positionals;
  if (keyId === undefined) throw new UsageError('revoke needs the KEY_ID (see list)');
  expectNoPositionals('revoke', extra);

  const file = keyFilePath(values.file);
  const now = new Date();
  const revoked = await revokeKey(file, keyId, now);
  console.log(
    revoked.revokedAt === now.toISOString()
      ? `Revoked ${revoked.id} "${revoked.label}". The API stops accepting it when it next loads ${file}.`
      : `${revoked.id} "${revoked.label}" was already revoked at ${revoked.revokedAt}.`,
  );
}

function formatKeyTable(keys: readonly ApiKeyListing[]): string {
  const rows = [
    ['ID', 'LABEL', 'MODE', 'GRANTS', 'CREATED', 'REVOKED'],
    ...keys.map((key) => [key.id, key.label, key.mode, key.grants.map(formatGrant).join(','), key.createdAt, key.revokedAt ?? '-']),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()).join('\n');
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = { create, list, revoke };

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
