import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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
});
