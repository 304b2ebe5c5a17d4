import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, GENERATED_FILE } from './generate-types.js';

describe('src/types/generated.ts', () => {
  it('is what the generator writes from the domain schemas today', () => {
    // When this fails: npx nx run client-sdk:generate-types
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(generateTypes());
  }, 120_000);

  it('imports nothing, so the published declarations stand alone', () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).not.toMatch(/^\s*import\b/m);
  });
});
