import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_AUTH, startApi, type RunningApi } from '../test-support/start-api.js';

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

  it('names every tool `tools/list` lists, and says how many, as the README does', async () => {
    const listed = await api.request('POST', '/mcp', {
      headers: { ...SANDBOX_AUTH, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    const names: string[] = listed.body.result.tools.map((tool: { name: string }) => tool.name);
    const count = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'][names.length - 1];
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    for (const text of [(await api.get('/llms.txt')).text, readme]) {
      for (const name of names) expect(text).toContain(name);
      expect(text.toLowerCase()).toContain(`${count} tools`);
    }
    // The docs name every tool too, and any count of tools they give is the server's.
    for (const doc of ['README.md', 'docs/llms.txt', 'docs/API.md', 'docs/MCP.md']) {
      const text = readFileSync(new URL(`../../../../${doc}`, import.meta.url), 'utf8');
      for (const name of names) expect(text, `${doc} names ${name}`).toContain(name);
      const counts = [...text.toLowerCase().matchAll(/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) tools\b/g)].map(([, n]) => n);
      expect(counts.filter((n) => n !== count), `${doc} says how many tools`).toEqual([]);
    }
  });
});
