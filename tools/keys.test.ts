import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashApiKey, loadKeyStore } from '@hotelapi/auth';
import { createTestDatabase, postgresAvailable } from '@hotelapi/auth/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const KEYS_COMMAND = join(import.meta.dirname, 'keys.ts');
// The command runs in a temporary directory, where a bare `--import tsx` would not resolve.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

interface CommandResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real command as maintainers do, from `cwd`, with `extraEnv` over a clean environment. */
function runKeys(cwd: string, args: string[], extraEnv: Record<string, string> = {}): Promise<CommandResult> {
  // An undefined variable is left out of the child's environment.
  const env = { ...process.env, API_KEYS_FILE: undefined, DATABASE_URL: undefined, ...extraEnv };
  const argv = ['--conditions=@hotelapi/source', '--import', TSX_LOADER, KEYS_COMMAND, ...args];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, argv, { cwd, env, encoding: 'utf8' }, (error, stdout, stderr) => {
      // A non-zero exit is a result to assert on; only a failure to run at all is an error.
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ status: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

const LIVE_KEY = /sk_live_[A-Za-z0-9]{32}/g;
const KEY_ID = /key_[A-Za-z0-9]{12}/;

describe('keys command', { timeout: 60_000 }, () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'keys-command-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });
  const keys = (args: string[], extraEnv?: Record<string, string>) => runKeys(directory, args, extraEnv);
  /** Tests that start the command several times: each start is a tsx start, seconds on a busy machine. */
  const CLI_RUNS_TIMEOUT_MS = 90_000;

  it('creates, lists and revokes keys in .data/api-keys.json, showing each secret once', async () => {
    const created = await keys(['create', '--label', 'Revenue team', '--mode', 'live', '--grant', 'chain:ACME', '--grant', 'property:BLUE001']);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    const [key, ...repeats] = created.stdout.match(LIVE_KEY) ?? [];
    expect(key).toBeDefined();
    expect(repeats).toEqual([]);
    expect(created.stdout).toContain('not stored anywhere');
    const keyId = KEY_ID.exec(created.stdout)?.[0] as string;
    expect(keyId).toBeDefined();

    const file = join(directory, '.data', 'api-keys.json');
    const stored = await readFile(file, 'utf8');
    expect(stored).not.toContain(key);
    expect(stored).toContain(hashApiKey(key as string));
    expect((await stat(file)).mode & 0o777).toBe(0o600);

    const kept = await keys(['create', '--label', 'Web team', '--mode', 'test', '--grant', 'all', '--scope', 'read,write']);
    expect(kept.stdout).toContain('scopes: read,write');
    const [keptKey] = kept.stdout.match(/sk_test_[A-Za-z0-9]{32}/) ?? [];

    const listed = await keys(['list']);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${keyId}\\s+Revenue team\\s+live\\s+chain:ACME,property:BLUE001\\s+read\\s+\\d{4}-\\d\\d-\\d\\dT\\S+\\s+-`));
    expect(listed.stdout).toContain('Web team');
    expect(listed.stdout).not.toMatch(/[0-9a-f]{64}/);
    expect(listed.stdout).not.toMatch(/sk_(live|test)_/);

    const revoked = await keys(['revoke', keyId]);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toContain(`Revoked ${keyId} "Revenue team"`);
    expect((await keys(['list'])).stdout).toMatch(new RegExp(`${keyId}.*\\d{4}-\\d\\d-\\d\\dT\\S+\\s+\\d{4}-\\d\\d-\\d\\dT\\S+(\\s|$)`, 'm'));

    const store = await loadKeyStore({ file, sandbox: false });
    expect(store.authenticate(key as string)).toBeUndefined();
    expect(store.authenticate(keptKey as string)?.label).toBe('Web team');
    expect(store.authenticate(keptKey as string)?.scopes).toEqual(['read', 'write']);

    const wrongScope = await keys(['create', '--label', 'X', '--mode', 'test', '--grant', 'all', '--scope', 'admin']);
    expect(wrongScope.status).toBe(2);
    expect(wrongScope.stderr).toContain('Invalid scopes "admin"');
  }, CLI_RUNS_TIMEOUT_MS);

  it('uses API_KEYS_FILE, and --file over it', async () => {
    await keys(['create', '--label', 'From env', '--mode', 'test', '--grant', 'all'], { API_KEYS_FILE: 'env-keys.json' });
    await keys(['create', '--label', 'From option', '--mode', 'test', '--grant', 'all', '--file', 'option-keys.json'], {
      API_KEYS_FILE: 'env-keys.json',
    });
    expect(JSON.parse(await readFile(join(directory, 'env-keys.json'), 'utf8')).keys).toMatchObject([{ label: 'From env' }]);
    expect(JSON.parse(await readFile(join(directory, 'option-keys.json'), 'utf8')).keys).toMatchObject([{ label: 'From option' }]);
  }, CLI_RUNS_TIMEOUT_MS);
});

// Nothing here writes a key file, so the cases share one directory and run side by side.
describe.concurrent('keys command line errors', { timeout: 60_000 }, () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'keys-command-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });
  const keys = (args: string[]) => runKeys(directory, args);

  it('prints the usage and exits 0 on --help', async () => {
    const help = await keys(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run keys -- <command>/);
  });

  it.each([
    ['no command', [], 'Missing command'],
    ['an unknown command', ['renew'], 'Unknown command "renew"'],
    ['a missing grant', ['create', '--label', 'A', '--mode', 'live'], 'create needs at least one --grant'],
    ['a bad mode', ['create', '--label', 'A', '--mode', 'prod', '--grant', 'all'], 'create needs --mode live or --mode test'],
    ['a bad grant', ['create', '--label', 'A', '--mode', 'live', '--grant', 'hotel:ACME001'], 'Invalid grant "hotel:ACME001"'],
    ['an unknown option', ['list', '--verbose'], "Unknown option '--verbose'"],
    ['revoke without a key id', ['revoke'], 'revoke needs the KEY_ID'],
  ])('answers %s with the usage and exit status 2', async (_case, args, message) => {
    const result = await keys(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).toContain('Usage: npm run keys');
  });

  it('names an unknown key id and exits 1', async () => {
    const result = await keys(['revoke', 'key_000000000000']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`No API key with id key_000000000000 in ${join(directory, '.data', 'api-keys.json')}\n`);
  });
});

describe.skipIf(!postgresAvailable())('npm run keys against PostgreSQL (DATABASE_URL)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let directory: string;
  const keys = (args: string[]) => runKeys(directory, args, { DATABASE_URL: database.url });

  beforeAll(async () => {
    database = await createTestDatabase('keys_cli');
    directory = await mkdtemp(join(tmpdir(), 'keys-cli-pg-'));
    const migrated = await new Promise<string>((done, fail) =>
      execFile(process.execPath, ['--conditions=@hotelapi/source', '--import', TSX_LOADER, join(import.meta.dirname, '../apps/api/src/db-migrate.ts')], {
        env: { ...process.env, DATABASE_URL: database.url },
        encoding: 'utf8',
      }, (error, stdout) => (error ? fail(error) : done(stdout))),
    );
    expect(migrated).toContain('API keys: applied 0001-api-keys');
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
    await rm(directory, { recursive: true, force: true });
  });

  it('creates, lists, rotates, revokes, and imports a key file', async () => {
    const created = await keys(['create', '--label', 'Revenue team', '--mode', 'live', '--grant', 'chain:ACME', '--expires-in', '90d', '--rate-limit', '100']);
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('PostgreSQL keeps only its hash');
    const keyId = /Created API key (key_\w+)/.exec(created.stdout)?.[1];
    expect(keyId).toBeDefined();

    const listed = await keys(['list']);
    expect(listed.stdout).toMatch(new RegExp(`${keyId}\\s+Revenue team\\s+live\\s+chain:ACME\\s+read\\s+\\S+\\s+-\\s+\\d{4}-\\S+\\s+100\\s+-`));

    const rotated = await keys(['rotate', keyId as string, '--grace', '1h']);
    expect(rotated.status).toBe(0);
    expect(rotated.stdout).toMatch(/sk_live_\w{32}/);
    expect(rotated.stdout).toContain('within a second');

    const revoked = await keys(['revoke', keyId as string]);
    expect(revoked.stdout).toContain(`Revoked ${keyId}`);

    const file = join(directory, 'file-keys.json');
    await runKeys(directory, ['create', '--label', 'From the file', '--mode', 'test', '--grant', 'all', '--file', file]);
    const imported = await keys(['import', '--from', file]);
    expect(imported.stdout).toMatch(/Imported 1 key\(s\)/);
    expect((await keys(['import', '--from', file])).stdout).toMatch(/Imported 0 key\(s\)[\s\S]*Skipped 1 already there/);
    expect((await keys(['list'])).stdout).toContain('From the file');
  }, 120_000);
});
