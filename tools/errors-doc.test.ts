import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '@hotelapi/domain';
import { describe, expect, it } from 'vitest';
import { ERRORS_DOC, errorsDocument } from './errors-doc.js';

describe('docs/ERRORS.md', () => {
  it('is what the error catalogue says (run `npm run docs:errors` after changing it)', () => {
    expect(readFileSync(ERRORS_DOC, 'utf8')).toBe(errorsDocument());
  });

  it('has a row for every code', () => {
    const document = errorsDocument();
    for (const code of ERROR_CODES) expect(document).toContain(`| \`${code}\` |`);
  });
});
