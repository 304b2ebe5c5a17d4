/**
 * The package as npm users get it: build with tsup, `npm pack`, install the tarball into an empty project,
 * then an ESM and a CommonJS script call the running test server, and `tsc` type-checks TypeScript users
 * (ESM and CommonJS) against the packed declarations.
 */

import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { startApi, type RunningApi } from '@hotelapi/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childEnv,
  closeToStated,
  lintPacked,
  packAndInstallSdk,
  REPO,
  run,
  SDK,
  SDK_VERSION,
  type PackedPackage,
} from './support/packed-sdk.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/packed-consumer');

/**
 * The SDK promises Node 20 and later while the project itself runs on Node 24: the oldest Node
 * on PATH outside node_modules (these machines' system Node is 20) runs the consumers too.
 */
function olderNode(): { path: string; version: string } | undefined {
  const found: { path: string; version: string; major: number }[] = [];
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (!dir || dir.includes('node_modules')) continue;
    try {
      const version = execFileSync(join(dir, 'node'), ['--version'], { encoding: 'utf8' }).trim();
      const major = Number(version.slice(1).split('.')[0]);
      if (major >= 20 && major < 24) found.push({ path: join(dir, 'node'), version, major });
    } catch {
      // no node here
    }
  }
  return found.sort((a, b) => a.major - b.major)[0];
}
const NODE_20 = olderNode();

describe('the packed tarball', () => {
  let api: RunningApi;
  let sdk: PackedPackage;
  let project: string;
  let caFile: string;

  beforeAll(async () => {
    api = await startApi();
    sdk = await packAndInstallSdk('hotelapi-client-packed-');
    project = sdk.project;
    caFile = join(sdk.workdir, 'test-ca.pem');
    writeFileSync(caFile, api.ca);
    for (const file of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, file), join(project, file));
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    sdk?.remove();
  });

  it('ships the builds, their declarations, the README and the licence, and depends on ky alone', () => {
    const { installed } = sdk;
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['version']).toBe(SDK_VERSION);
    expect(manifest['private']).toBeUndefined();
    expect(Object.keys(manifest['dependencies'] as object)).toEqual(['ky']);
    // Workspace-only parts stay home: the source-code export condition and the nx block.
    expect(manifest['nx']).toBeUndefined();
    expect(JSON.stringify(manifest['exports'])).not.toContain('@hotelapi/source');
    expect(manifest['exports']).toMatchObject({ '.': { import: { default: './dist/index.js' }, require: { default: './dist/index.cjs' } } });
    expect(readdirSync(join(installed, 'dist')).sort()).toEqual(
      expect.arrayContaining(['index.cjs', 'index.d.cts', 'index.d.ts', 'index.js']),
    );
    expect(readdirSync(installed).sort()).toEqual(['LICENSE', 'README.md', 'dist', 'package.json']);
    // Nothing else came along: no zod, no workspace library.
    expect(readdirSync(join(project, 'node_modules')).filter((name) => !name.startsWith('.')).sort()).toEqual(['@hotelapi', 'ky']);
    expect(readdirSync(join(project, 'node_modules/@hotelapi'))).toEqual(['client']);
  });

  it('passes attw (every module system, strict profile) and publint (strict)', async () => {
    const { attw, publint } = await lintPacked(sdk, 'strict');
    expect(attw.ok, attw.output).toBe(true);
    expect(publint.ok, publint.output).toBe(true);
    expect(publint.output).toContain('All good');
  }, 90_000);

  it("is as large as its README says (within 10 %), with as many files", () => {
    const readme = readFileSync(join(SDK, 'README.md'), 'utf8');
    const stated = /The packed package is about\s+([\d.]+)\s+kB\s+\(([\d.]+)\s+kB\s+unpacked,\s+(\d+)\s+files/.exec(readme);
    expect(stated, 'README: "The packed package is about N kB (N kB unpacked, N files"').not.toBeNull();
    const [, packedKb, unpackedKb, files] = stated ?? [];
    const { size, unpackedSize, entryCount } = sdk.pack;
    expect(closeToStated(Number(packedKb), size), `packed ${size} B, README says about ${packedKb} kB`).toBe(true);
    expect(closeToStated(Number(unpackedKb), unpackedSize), `unpacked ${unpackedSize} B, README says about ${unpackedKb} kB`).toBe(true);
    expect(entryCount).toBe(Number(files));
  });

  it('imports and requires neither zod nor the domain library, not even in the declarations', () => {
    const dist = join(project, 'node_modules/@hotelapi/client/dist');
    for (const file of ['index.js', 'index.cjs', 'index.d.ts', 'index.d.cts']) {
      const text = readFileSync(join(dist, file), 'utf8');
      expect(text, file).not.toMatch(/from ['"](?:zod|@hotelapi\/)|require\(['"](?:zod|@hotelapi\/)/);
      expect(text, file).not.toMatch(/['"]zod['"]|@hotelapi\/domain/);
    }
  });

  it.each(['consumer.mjs', 'consumer.cjs'])('%s calls the running server', async (script) => {
    const { stdout } = await run(process.execPath, [script], {
      cwd: project,
      env: childEnv({ NODE_EXTRA_CA_CERTS: caFile, API_URL: api.url }),
    });
    const result = JSON.parse(stdout.trim()) as Record<string, unknown>;
    expect(result).toMatchObject({
      format: script.endsWith('.mjs') ? 'esm' : 'cjs',
      version: SDK_VERSION,
      currency: 'EUR',
      requestId: expect.stringMatching(/\S/),
      reviews: 3,
      notFound: true,
    });
    expect(result['hotels']).toBeGreaterThan(0);
  });

  it.skipIf(!NODE_20 && !process.env['CI']).each(['consumer.mjs', 'consumer.cjs'])(
    `%s calls the running server on ${NODE_20?.version ?? 'Node 20-23 (none on PATH: skipped)'}`,
    async (script) => {
      if (!NODE_20) throw new Error('No Node 20-23 on PATH: CI machines have Node 20 as their system Node');
      const { stdout } = await run(NODE_20.path, [script], {
        cwd: project,
        env: childEnv({ NODE_EXTRA_CA_CERTS: caFile, API_URL: api.url }),
      });
      const result = JSON.parse(stdout.trim()) as Record<string, unknown>;
      expect(result).toMatchObject({ version: SDK_VERSION, currency: 'EUR', reviews: 3, notFound: true });
      expect(result['node']).toBe(NODE_20.version);
    },
  );

  it('type-checks TypeScript consumers, ESM and CommonJS, against the packed declarations', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom', 'dom.asynciterable'],
          types: [],
          skipLibCheck: false,
        },
        files: ['consumer.mts', 'consumer.cts'],
      }),
    );
    const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: project, env: childEnv() }).catch(
      (error: { stdout: string }) => error,
    );
    expect(result.stdout).toBe('');
  }, 90_000); // a whole tsc run: slow on a busy 2-core machine
});
