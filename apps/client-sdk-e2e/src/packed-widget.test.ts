/**
 * The widget as npm users get it: `npm pack` of its build, installed from the tarball into an empty
 * project; `tsc` (strict, skipLibCheck false) type-checks a web team's use of it, attw and publint
 * check the package, and the sizes its README and docs/WIDGET.md state are checked against the real ones.
 */

import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, closeToStated, lintPacked, packAndInstallWidget, REPO, run, WIDGET, type PackedPackage } from './support/packed-sdk.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/packed-widget-consumer');
const WIDGET_VERSION = (JSON.parse(readFileSync(join(WIDGET, 'package.json'), 'utf8')) as { version: string }).version;

describe('the packed widget', () => {
  let widget: PackedPackage;

  beforeAll(async () => {
    widget = await packAndInstallWidget('hotelapi-widget-packed-');
    copyFileSync(join(FIXTURES, 'consumer.ts'), join(widget.project, 'consumer.ts'));
  }, 120_000);

  afterAll(() => widget?.remove());

  it('ships both builds, one declaration file, the README and the licence, and depends on lit alone', () => {
    const { installed } = widget;
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest['version']).toBe(WIDGET_VERSION);
    expect(manifest['private']).toBeUndefined();
    expect(Object.keys(manifest['dependencies'] as object)).toEqual(['lit']);
    expect(manifest).toMatchObject({
      repository: { url: expect.stringContaining('github.com/hotelapi/hotel-api'), directory: 'libs/widget' },
      homepage: expect.stringContaining('libs/widget'),
    });
    // Workspace-only parts stay home: the source-code export condition and the nx block.
    expect(manifest['nx']).toBeUndefined();
    expect(JSON.stringify(manifest['exports'])).not.toContain('@hotelapi/source');
    // The script-tag bundle has types too: the same element, self-registered.
    expect(manifest['exports']).toMatchObject({
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './hotel-search.js': { types: './dist/index.d.ts', default: './dist/cdn/hotel-search.js' },
    });
    expect(readdirSync(installed).sort()).toEqual(['LICENSE', 'README.md', 'dist', 'package.json']);
    // No client SDK, no ky: the few SDK types the widget names are copied into its declarations.
    const project = readdirSync(join(widget.project, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(readdirSync(join(widget.project, 'node_modules/@hotelapi'))).toEqual(['widget']);
    expect(project).not.toContain('ky');
  });

  it('has declarations that import lit alone, and a script-tag bundle that imports nothing', () => {
    const dist = join(widget.installed, 'dist');
    const declarations = readFileSync(join(dist, 'index.d.ts'), 'utf8');
    const imported = [...declarations.matchAll(/from ['"]([^'"]+)['"]/g)].map((match) => match[1]);
    expect(new Set(imported)).toEqual(new Set(['lit']));
    expect(readFileSync(join(dist, 'index.js'), 'utf8')).not.toMatch(/from ['"](?:@hotelapi\/|lit-html|zod)/);
    expect(readFileSync(join(dist, 'cdn/hotel-search.js'), 'utf8')).not.toMatch(/\bfrom\s*['"]|\bimport\s*\(/);
  });

  it('type-checks a web team’s TypeScript against the packed declarations (strict, skipLibCheck false)', async () => {
    writeFileSync(
      join(widget.project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'preserve',
          moduleResolution: 'bundler',
          target: 'es2022',
          lib: ['es2022', 'dom', 'dom.iterable'],
          types: [],
          skipLibCheck: false,
        },
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: widget.project, env: childEnv() }).catch(
      (error: { stdout: string }) => error,
    );
    expect(result.stdout).toBe('');
  }, 90_000); // a whole tsc run: slow on a busy 2-core machine

  it('passes attw (ESM-only profile: a browser component has no CommonJS users) and publint (strict)', async () => {
    const { attw, publint } = await lintPacked(widget, 'esm-only');
    expect(attw.ok, attw.output).toBe(true);
    expect(publint.ok, publint.output).toBe(true);
    expect(publint.output).toContain('All good');
  }, 90_000);

  it('is as large as its README says, and the script-tag bundle as README and docs/WIDGET.md say (within 10 %)', () => {
    const readme = readFileSync(join(WIDGET, 'README.md'), 'utf8');
    const packed = /The packed package is about\s+([\d.]+)\s+kB\s+\(([\d.]+)\s+kB\s+unpacked/.exec(readme);
    expect(packed, 'README: "The packed package is about N kB (N kB unpacked"').not.toBeNull();
    const [, packedKb, unpackedKb] = packed ?? [];
    const { size, unpackedSize } = widget.pack;
    expect(closeToStated(Number(packedKb), size), `packed ${size} B, README says about ${packedKb} kB`).toBe(true);
    expect(closeToStated(Number(unpackedKb), unpackedSize), `unpacked ${unpackedSize} B, README says about ${unpackedKb} kB`).toBe(true);

    const gzipped = gzipSync(readFileSync(join(widget.installed, 'dist/cdn/hotel-search.js')), { level: 9 }).length;
    for (const [file, text] of [
      ['libs/widget/README.md', readme],
      ['docs/WIDGET.md', readFileSync(join(REPO, 'docs/WIDGET.md'), 'utf8')],
    ] as const) {
      const stated = [...text.matchAll(/about\s+([\d.]+)\s+kB\s+gzipped/g)].map((match) => Number(match[1]));
      expect(stated.length, `${file} states the script's gzipped size ("about N kB gzipped")`).toBeGreaterThan(0);
      for (const kB of stated) expect(closeToStated(kB, gzipped), `${file}: about ${kB} kB gzipped; it is ${gzipped} B`).toBe(true);
    }
  });
});
