import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const REPO = resolve(import.meta.dirname, '../../../..');
export const SDK = join(REPO, 'libs/client-sdk');
export const WIDGET = join(REPO, 'libs/widget');
export const SDK_VERSION = (JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8')) as { version: string }).version;

/** The children get a plain environment: nothing of vitest's loaders or options. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of Object.keys(env)) if (name === 'NODE_OPTIONS' || name.startsWith('VITEST')) delete env[name];
  return env;
}

/** What `npm pack --json` says of the tarball. */
export interface PackReport {
  readonly filename: string;
  /** The tarball's size in bytes. */
  readonly size: number;
  readonly unpackedSize: number;
  readonly entryCount: number;
}

export interface PackedPackage {
  /** A scratch directory holding the tarball and the consumer project. */
  readonly workdir: string;
  /** The tarball, as `npm publish` would upload it. */
  readonly tarball: string;
  readonly pack: PackReport;
  /** An empty npm project with the tarball installed, as a user's would be. */
  readonly project: string;
  /** The installed package: `<project>/node_modules/@hotelapi/<name>`. */
  readonly installed: string;
  remove(): void;
}

/**
 * Packs a copy of the library staged as `<workdir>/repo/libs/<dir>` beside the repository's
 * tools/scripts/packed-manifest.mjs (which its prepack and postpack scripts call by relative path),
 * then installs the tarball into an empty project: dependencies come from the registry, as for a user.
 */
async function packAndInstall(
  library: string,
  prefix: string,
  build: (dist: string) => Promise<void>,
): Promise<PackedPackage> {
  const source = join(REPO, 'libs', library);
  const workdir = mkdtempSync(join(tmpdir(), prefix));
  const project = join(workdir, 'consumer');
  mkdirSync(project);

  const stage = join(workdir, 'repo/libs', library);
  mkdirSync(stage, { recursive: true });
  for (const file of ['package.json', 'README.md', 'LICENSE']) copyFileSync(join(source, file), join(stage, file));
  mkdirSync(join(workdir, 'repo/tools/scripts'), { recursive: true });
  copyFileSync(join(REPO, 'tools/scripts/packed-manifest.mjs'), join(workdir, 'repo/tools/scripts/packed-manifest.mjs'));
  await build(join(stage, 'dist'));

  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', workdir], { cwd: stage, env: childEnv() });
  const [pack] = JSON.parse(stdout) as [PackReport];
  const name = (JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as { name: string }).name;

  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2));
  await run('npm', ['install', join(workdir, pack.filename), '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: project,
    env: childEnv(),
  });
  return {
    workdir,
    tarball: join(workdir, pack.filename),
    pack,
    project,
    installed: join(project, 'node_modules', name),
    remove: () => rmSync(workdir, { recursive: true, force: true }),
  };
}

/**
 * The SDK as npm users get it: built with tsup straight into the staging copy rather than
 * libs/client-sdk/dist, which a concurrent `nx build` may be rewriting.
 */
export function packAndInstallSdk(prefix: string): Promise<PackedPackage> {
  return packAndInstall('client-sdk', prefix, async (dist) => {
    await run(process.execPath, [join(REPO, 'node_modules/tsup/dist/cli-default.js'), '--out-dir', dist], { cwd: SDK, env: childEnv() });
  });
}

/**
 * The widget as npm users get it, from `nx run widget:build`'s output: this project's test target
 * depends on that build (package.json), which runs once per Nx run, so libs/widget/dist is stable here.
 * Its declarations take the SDK's types from libs/client-sdk/dist, which that build builds first.
 */
export function packAndInstallWidget(prefix: string): Promise<PackedPackage> {
  return packAndInstall('widget', prefix, async (dist) => {
    const built = join(WIDGET, 'dist');
    if (!existsSync(join(built, 'index.d.ts')) || !existsSync(join(built, 'cdn/hotel-search.js'))) {
      throw new Error(`No widget build in ${built}: run \`NX_DAEMON=false npx nx run widget:build\` first (Nx does for this test).`);
    }
    cpSync(built, dist, { recursive: true });
  });
}

/**
 * attw (types resolve for each module system the profile covers) and publint (the manifest and the
 * files agree), as a maintainer would run them before publishing; each run's output, empty of problems
 * or not, and whether it passed.
 */
export async function lintPacked(
  packed: PackedPackage,
  attwProfile: 'strict' | 'esm-only',
): Promise<{ attw: { ok: boolean; output: string }; publint: { ok: boolean; output: string } }> {
  const tool = async (script: string, args: string[]) =>
    run(process.execPath, [join(REPO, 'node_modules', script), ...args], { cwd: packed.workdir, env: childEnv() }).then(
      ({ stdout, stderr }) => ({ ok: true, output: stdout + stderr }),
      (error: { stdout: string; stderr: string }) => ({ ok: false, output: error.stdout + error.stderr }),
    );
  return {
    attw: await tool('@arethetypeswrong/cli/dist/index.js', [packed.tarball, '--profile', attwProfile, '--format', 'ascii', '--no-emoji']),
    publint: await tool('publint/src/cli.js', [packed.installed, '--pack', 'false', '--strict']),
  };
}

/** A size a README states, "about N kB", against the real one in bytes: true within 10 %. */
export function closeToStated(statedKb: number, actualBytes: number): boolean {
  return Math.abs(statedKb * 1000 - actualBytes) <= 0.1 * actualBytes;
}
