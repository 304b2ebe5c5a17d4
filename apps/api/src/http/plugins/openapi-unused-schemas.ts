interface Document {
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}

const SCHEMA_REF = '#/components/schemas/';

/**
 * Drops the component schemas no operation reaches. The zod registry gives every named schema an
 * `…Input` twin for request bodies, and this API takes none, so they were only noise to readers,
 * linters and code generators.
 */
export function withoutUnusedSchemas<Doc extends object>(document: Doc): Doc {
  const schemas = (document as Document).components?.schemas;
  if (!schemas) return document;
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
          const name = value.slice(SCHEMA_REF.length);
          if (!reached.has(name)) {
            reached.add(name);
            visit(schemas[name]);
          }
        } else {
          visit(value);
        }
      }
    }
  };
  visit((document as Document).paths);
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name];
  return document;
}
