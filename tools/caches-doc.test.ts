import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declaredCaches } from '@hotelapi/caches';
import { describe, expect, it } from 'vitest';
import { OPERATIONS_DOC, withCacheTable } from './caches-doc.js';

const ROOT = join(import.meta.dirname, '..');

/** Non-test TypeScript files of the apps' and libraries' sources. */
function sourceFiles(): string[] {
  const tops = ['apps/api/src', ...readdirSync(join(ROOT, 'libs')).map((lib) => `libs/${lib}/src`)];
  return tops.flatMap((top) =>
    readdirSync(join(ROOT, top), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => join(ROOT, top, file)),
  );
}

describe('the caches of docs/OPERATIONS.md', () => {
  it('are the declared caches (run `npm run docs:caches` after declaring or changing one)', () => {
    const document = readFileSync(OPERATIONS_DOC, 'utf8');
    expect(document).toBe(withCacheTable(document));
  });

  it('include every cache declared anywhere in the sources, not only those the tool loads', () => {
    const declarations = sourceFiles().flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/declareCache\(\{\s*name: '([a-z0-9-]+)'/g)].map((match) => match[1]));
    expect(declarations.length).toBeGreaterThan(10);
    expect(declaredCaches().map((cache) => cache.name)).toEqual([...declarations].sort());
  });
});
