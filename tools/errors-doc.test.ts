import { readFileSync } from 'node:fs';
import { ERROR_CODES } from '@hotelapi/domain';
import { describe, expect, it } from 'vitest';
import { ERRORS_DOC, errorsDocument } from './errors-doc.js';
import { openApiDocument } from './openapi.js';

describe('docs/ERRORS.md', () => {
  it('is what the error catalogue says (run `npm run docs:errors` after changing it)', () => {
    expect(readFileSync(ERRORS_DOC, 'utf8')).toBe(errorsDocument());
  });

  it('has a row for every code', () => {
    const document = errorsDocument();
    for (const code of ERROR_CODES) expect(document).toContain(`| \`${code}\` |`);
  });

  it('lists exactly the codes the running service documents in /openapi.json, in its order', async () => {
    const document = (await openApiDocument()) as unknown as { components: { schemas: { ErrorCode: { enum: string[] } } } };
    const listed = [...readFileSync(ERRORS_DOC, 'utf8').matchAll(/^\| `([a-z_]+)` \|/gm)].map(([, code]) => code);
    expect(listed, 'docs/ERRORS.md is not what the running service says: run `npm run docs:errors` (and `npm run docs:openapi`)').toEqual(
      document.components.schemas.ErrorCode.enum,
    );
  });
});
