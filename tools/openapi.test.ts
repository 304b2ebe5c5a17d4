import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, REFERENCE_FILE, formatDocument, openApiDocument, referenceMarkdown, type OpenApiDocument } from './openapi.js';

const run = promisify(execFile);
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => join(REPO_ROOT, 'node_modules/.bin', name);

/**
 * The committed OpenAPI document and reference are what the code generates, every operation is
 * complete enough for code generators, and both linters find no error and no warning in it (the
 * few Redocly findings that are right for this API are listed in .redocly.lint-ignore.yaml, and
 * explained in docs/DECISIONS.md).
 */
describe('the OpenAPI document', () => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = await openApiDocument();
  });

  it('is committed as generated (npm run docs:openapi)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(formatDocument(document));
    expect(readFileSync(REFERENCE_FILE, 'utf8')).toBe(referenceMarkdown(document));
  });

  it('gives every operation a unique operationId, a summary and its error responses', () => {
    const ids: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(operation.summary, where).toBeTruthy();
        ids.push(operation.operationId ?? '');
        if (path.startsWith('/v1/')) {
          expect(Object.keys(operation.responses ?? {}), where).toEqual(expect.arrayContaining(['400', '429']));
          expect(Object.keys(operation.responses ?? {}).some((status) => /^2\d\d$/.test(status)), where).toBe(true);
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const path of [
      '/v1/properties/{code}',
      '/v1/properties/{code}/rooms',
      '/v1/properties/{code}/lowest-monthly-rates',
      '/v1/availability/{code}',
      '/v1/availability/calendar',
      '/v1/parity/{code}',
      '/v1/parity/{code}/history',
      '/llms.txt',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
  });

  it('has no error and no warning under @redocly/cli lint', async () => {
    const { stdout, stderr } = await run(bin('redocly'), ['lint', OPENAPI_FILE, '--format=summary'], { cwd: REPO_ROOT });
    expect(`${stdout}${stderr}`).toMatch(/valid/);
    expect(`${stdout}${stderr}`).not.toMatch(/error|warning/i);
  }, 60_000);

  it('has no error and no warning under @stoplight/spectral-cli with spectral:oas', async () => {
    // The report goes to a file: on standard output, a clean run appends a sentence to the JSON.
    const report = join(mkdtempSync(join(tmpdir(), 'spectral-')), 'report.json');
    await run(bin('spectral'), ['lint', '--ruleset', join(REPO_ROOT, '.spectral.yaml'), '--fail-severity', 'error', '--format', 'json', '--output', report, OPENAPI_FILE], {
      cwd: REPO_ROOT,
    });
    const problems = JSON.parse(readFileSync(report, 'utf8')) as { severity: number; code: string }[];
    expect(problems).toEqual([]);
  }, 60_000);
});
