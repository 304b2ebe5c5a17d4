import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const REPO = resolve(import.meta.dirname, '../../../..');
export const SDK = join(REPO, 'libs/client-sdk');
export const SDK_VERSION = (JSON.parse(readFileSync(join(SDK, 'package.json'), 'utf8')) as { version: string }).version;

/** The children get a plain environment: nothing of vitest's loaders or options. */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of Object.keys(env)) if (name === 'NODE_OPTIONS' || name.startsWith('VITEST')) delete env[name];
  return env;
}

export interface PackedSdk {
  /** A scratch directory holding the tarball and the consumer project. */
  readonly workdir: string;
  /** An empty npm project with the tarball installed, as a user's would be. */
  readonly project: string;
  /** The installed package: `<project>/node_modules/@hotelapi/client`. */
  readonly installed: string;
  remove(): void;
}

/**
 * The package as npm users get it: built with tsup, packed with `npm pack`, installed from the tarball
 * into an empty project (which brings ky from the registry, as it would for a user).
 */
export async function packAndInstallSdk(prefix: string): Promise<PackedSdk> {
  const workdir = mkdtempSync(join(tmpdir(), prefix));
  const project = join(workdir, 'consumer');
  mkdirSync(project);

  // Build into a staging copy of the package rather than libs/client-sdk/dist, which a concurrent
  // `nx build` may be rewriting; `files` in the same package.json decides what gets packed.
  const stage = join(workdir, 'package');
  mkdirSync(stage);
  for (const file of ['package.json', 'README.md', 'LICENSE']) copyFileSync(join(SDK, file), join(stage, file));
  // The pack lifecycle script that strips the workspace-only parts of the manifest.
  mkdirSync(join(stage, 'scripts'));
  copyFileSync(join(SDK, 'scripts/packed-manifest.mjs'), join(stage, 'scripts/packed-manifest.mjs'));
  await run(process.execPath, [join(REPO, 'node_modules/tsup/dist/cli-default.js'), '--out-dir', join(stage, 'dist')], {
    cwd: SDK,
    env: childEnv(),
  });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', workdir], { cwd: stage, env: childEnv() });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];

  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }, null, 2));
  await run('npm', ['install', join(workdir, filename), '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: project,
    env: childEnv(),
  });
  return {
    workdir,
    project,
    installed: join(project, 'node_modules/@hotelapi/client'),
    remove: () => rmSync(workdir, { recursive: true, force: true }),
  };
}
