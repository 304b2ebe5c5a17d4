/**
 * Writes the endpoint lists of README.md, docs/llms.txt and docs/API.md from the OpenAPI document
 * the running service serves, so each list names every operation the service has, as it has it.
 * Each list sits between two markers in its file; the rest of the file is left as it is.
 * `tools/endpoints-doc.test.ts` fails when a list differs from the service.
 *
 *   npm run docs:endpoints        (npm run docs:openapi runs it too)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument, type OpenApiDocument } from './openapi.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const ENDPOINTS_COMMAND = 'npm run docs:endpoints';
const BEGIN = `<!-- endpoints: generated from /openapi.json by \`${ENDPOINTS_COMMAND}\`; do not edit -->`;
const END = '<!-- /endpoints -->';

/** How a document shows the list: a Markdown table, or a bullet list (README, llms.txt). */
type ListStyle = 'table' | 'list';

/** The documents with an endpoint list, by path from the repository's root. */
export const ENDPOINT_DOCUMENTS: Readonly<Record<string, ListStyle>> = {
  'README.md': 'list',
  'docs/llms.txt': 'list',
  'docs/API.md': 'table',
};

interface Endpoint {
  /** `GET /v1/shopper/{code}?checkIn&checkOut`: the method, the path and its required query parameters. */
  readonly call: string;
  readonly keyless: boolean;
  readonly summary: string;
}

/** Every operation of the document, in its order. */
export function endpointsOf(document: OpenApiDocument): Endpoint[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const required = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required).map(({ name }) => name);
      return {
        call: `${method.toUpperCase()} ${path}${required.length ? `?${required.join('&')}` : ''}`,
        keyless: !operation.security?.length,
        summary: operation.summary ?? '',
      };
    }),
  );
}

/** The generated block, markers included. */
export function endpointList(endpoints: readonly Endpoint[], style: ListStyle): string {
  const lines =
    style === 'table'
      ? [
          '| Endpoint | API key | What it is |',
          '| --- | --- | --- |',
          ...endpoints.map(({ call, keyless, summary }) => `| \`${call}\` | ${keyless ? 'no' : 'yes'} | ${summary.replaceAll('|', '\\|')} |`),
        ]
      : endpoints.map(({ call, keyless, summary }) => `- \`${call}\`: ${summary}${keyless ? ' (no API key)' : ''}`);
  return [BEGIN, ...lines, END].join('\n');
}

/** The list as a document holds it now, markers included; undefined when it has no markers. */
export function listIn(text: string): string | undefined {
  const begin = text.indexOf(BEGIN);
  const end = text.indexOf(END, begin);
  return begin < 0 || end < 0 ? undefined : text.slice(begin, end + END.length);
}

/** Rewrites every document's list from the service's OpenAPI document. */
export function writeEndpointLists(document: OpenApiDocument): string[] {
  const endpoints = endpointsOf(document);
  return Object.entries(ENDPOINT_DOCUMENTS).map(([path, style]) => {
    const file = join(REPO_ROOT, path);
    const text = readFileSync(file, 'utf8');
    const current = listIn(text);
    if (current === undefined) throw new Error(`${path} has no endpoint list: put the two lines ${BEGIN} and ${END} where it goes`);
    writeFileSync(file, text.replace(current, () => endpointList(endpoints, style)));
    return file;
  });
}

export function documentText(path: string): string {
  return readFileSync(join(REPO_ROOT, path), 'utf8');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = writeEndpointLists(await openApiDocument());
  console.log(`Wrote the endpoint lists of ${written.join(', ')}`);
}
