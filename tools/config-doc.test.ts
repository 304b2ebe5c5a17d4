import { readFileSync } from 'node:fs';
import { ConfigSchema } from '@hotelapi/api/config';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DOC, configurationDocument } from './config-doc.js';

describe('docs/CONFIGURATION.md', () => {
  it('is what the configuration schema says (run `npm run docs:config` after changing it)', () => {
    expect(readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(configurationDocument());
  });

  it('has a row for every environment variable', () => {
    const document = configurationDocument();
    for (const name of Object.keys(ConfigSchema.shape)) expect(document).toContain(`| \`${name}\` |`);
  });
});
