import { beforeAll, describe, expect, it } from 'vitest';
import { documentText, ENDPOINT_DOCUMENTS, ENDPOINTS_COMMAND, endpointList, endpointsOf, listIn } from './endpoints-doc.js';
import { openApiDocument, type OpenApiDocument } from './openapi.js';

/** The endpoint lists of the README, llms.txt and API.md against the running service's /openapi.json. */
describe('the endpoint lists in the docs', () => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = await openApiDocument();
  });

  it.each(Object.entries(ENDPOINT_DOCUMENTS))(`%s lists every operation the service serves (else run ${ENDPOINTS_COMMAND})`, (path, style) => {
    const committed = listIn(documentText(path));
    expect(committed, `${path} has lost its endpoint list markers`).toBeDefined();
    expect(committed, `${path}'s endpoint list is not what the running service's /openapi.json says: run \`${ENDPOINTS_COMMAND}\``).toBe(
      endpointList(endpointsOf(document), style),
    );
  });

  it('names each operation with its method, path, required query parameters, summary and key', () => {
    const endpoints = endpointsOf(document);
    const operations = Object.values(document.paths).flatMap((operations) => Object.keys(operations));
    expect(endpoints).toHaveLength(operations.length);
    expect(endpoints).toContainEqual({ call: 'GET /v1/availability/multi?chainCode&checkin&checkout&currency', keyless: true, summary: 'Availability across a chain' });
    expect(endpoints).toContainEqual({ call: 'POST /mcp', keyless: false, summary: 'MCP endpoint' });
  });
});
