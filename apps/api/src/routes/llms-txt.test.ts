import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../test-support/start-api.js';

describe('GET /llms.txt', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it("serves the repository's docs/llms.txt as Markdown, without a key", async () => {
    const response = await api.get('/llms.txt');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.text).toBe(readFileSync(new URL('../../../../docs/llms.txt', import.meta.url), 'utf8'));
    // The llms.txt convention: an H1, a blockquote summary, and the MCP endpoint for agents.
    expect(response.text).toMatch(/^# .+\n\n> .+/);
    expect(response.text).toContain('[MCP endpoint](/mcp)');
  });
});
