/**
 * The OpenAPI document as the API serves it at /openapi.json, and the API reference generated from
 * it. Both are committed under docs/ so a reader of the repository has them without running anything;
 * `tools/openapi.test.ts` fails when they drift from the code, and lints the document.
 *
 *   npm run docs:openapi          (node --conditions=@hotelapi/source --import tsx tools/openapi.ts)
 */
import { writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApi } from '@hotelapi/api/testing';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OPENAPI_FILE = join(REPO_ROOT, 'docs/openapi.json');
export const REFERENCE_FILE = join(REPO_ROOT, 'docs/API-REFERENCE.md');

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly description?: string;
  readonly schema?: { readonly type?: string; readonly default?: unknown; readonly enum?: readonly unknown[] };
}

interface Operation {
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly security?: readonly object[];
  readonly parameters?: readonly Parameter[];
  readonly responses?: Readonly<Record<string, { readonly description?: string }>>;
}

export interface OpenApiDocument {
  readonly info: { readonly title: string; readonly version: string; readonly description?: string };
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
}

/**
 * The document the running API serves, from the real app (routes, schemas and all): as a service
 * without the sandbox keys serves it, so the committed one does not tell readers to use them.
 */
export async function openApiDocument(): Promise<OpenApiDocument> {
  const api = await startApi({ env: { SANDBOX_KEYS: 'false' } });
  try {
    return (await api.get('/openapi.json')).body as OpenApiDocument;
  } finally {
    await api.close();
  }
}

export function formatDocument(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The API reference in Markdown: one section per operation, with its parameters and responses. */
export function referenceMarkdown(document: OpenApiDocument): string {
  const lines = [
    '<!-- Generated from docs/openapi.json by tools/openapi.ts: do not edit. Run `npm run docs:openapi`. -->',
    '',
    `# ${document.info.title} — reference (${document.info.version})`,
    '',
    'Every operation of the OpenAPI document ([openapi.json](openapi.json)), generated from the code. The contract',
    'in words, with the decisions behind it, is [API.md](API.md).',
    '',
  ];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      lines.push(`## ${operation.summary ?? `${method.toUpperCase()} ${path}`}`, '');
      lines.push(`\`${method.toUpperCase()} ${path}\` · operationId \`${operation.operationId ?? '-'}\` · ${operation.security?.length ? 'API key (Bearer)' : 'no API key'}`, '');
      if (operation.description) lines.push(operation.description, '');
      if (operation.parameters?.length) {
        lines.push('| Parameter | In | Required | Description |', '| --- | --- | --- | --- |');
        for (const parameter of operation.parameters) {
          const fallback = parameter.schema?.default === undefined ? '' : ` Default \`${JSON.stringify(parameter.schema.default)}\`.`;
          lines.push(`| \`${parameter.name}\` | ${parameter.in} | ${parameter.required ? 'yes' : 'no'} | ${cell((parameter.description ?? '') + fallback)} |`);
        }
        lines.push('');
      }
      const responses = Object.entries(operation.responses ?? {});
      if (responses.length) {
        lines.push('| Status | Meaning |', '| --- | --- |');
        for (const [status, response] of responses) lines.push(`| ${status} | ${cell(response.description ?? '')} |`);
        lines.push('');
      }
    }
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ').trim();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const document = await openApiDocument();
  writeFileSync(OPENAPI_FILE, formatDocument(document));
  writeFileSync(REFERENCE_FILE, referenceMarkdown(document));
  console.log(`Wrote ${OPENAPI_FILE} and ${REFERENCE_FILE}`);
}
