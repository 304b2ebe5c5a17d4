import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userAgent, VERSION } from './version.js';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

describe('VERSION', () => {
  it('is the version in package.json', () => {
    expect(VERSION).toBe(packageJson.version);
  });
});

describe('userAgent', () => {
  it('names the package, its version and the Node version', () => {
    expect(userAgent()).toBe(`${packageJson.name}/${packageJson.version} node/${process.versions.node}`);
  });

  it('appends the caller’s product token', () => {
    expect(userAgent('my-app/1.2.0')).toBe(`@hotelapi/client/${VERSION} node/${process.versions.node} my-app/1.2.0`);
    expect(userAgent('  ')).toBe(userAgent());
  });

  describe('in a browser', () => {
    afterEach(() => vi.unstubAllGlobals());

    it.each([
      ['a page', 'document', {}],
      ['a worker', 'importScripts', () => undefined],
    ])('is left to the browser in %s', (_where, name, value) => {
      vi.stubGlobal(name, value);
      expect(userAgent('my-app/1.2.0')).toBeUndefined();
    });
  });
});
