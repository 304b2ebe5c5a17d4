import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../test-support/start-api.js';

/**
 * The official MCP Inspector's CLI (2.x), spawned as a child process, against the real server on
 * loopback over HTTPS (it trusts the self-signed certificate through NODE_EXTRA_CA_CERTS, as a
 * user would make it). It drives every tool, the resources and the prompts with the
 * limited sandbox key, and each answer is checked as the Inspector prints it (`--format json`).
 * Completion is not here: the Inspector 2.12 CLI refuses it ("Unsupported method:
 * prompts/complete", though its code has a branch for it; its web UI completes); the SDK client
 * covers it in mcp-browsing.test.ts.
 */

const run = promisify(execFile);
const inspectorPackage = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json');
const INSPECTOR = join(dirname(inspectorPackage), 'clients/launcher/build/index.js');

/** A stay relative to the real clock, which this server runs on (stays in the past are refused). */
function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('the MCP Inspector CLI against /mcp', () => {
  let api: RunningApi;
  let caFile: string;

  beforeAll(async () => {
    // The real clock: the Inspector's stays are checked against today.
    api = await startApi({ now: () => new Date() });
    caFile = join(mkdtempSync(join(tmpdir(), 'hotel-api-inspector-')), 'ca.pem');
    writeFileSync(caFile, api.ca);
  });
  afterAll(() => api?.close());

  /** One Inspector CLI run, its JSON result parsed. Node 24 runs it: the one running the tests. */
  async function inspector(...args: string[]): Promise<Record<string, unknown>> {
    const { stdout } = await run(
      process.execPath,
      [INSPECTOR, '--cli', `${api.url}/mcp`, '--header', 'Authorization: Bearer sk_test_sandbox_limited', '--format', 'json', '--quiet', ...args],
      { env: { ...process.env, NODE_EXTRA_CA_CERTS: caFile, MCP_CATALOG_PATH: join(dirname(caFile), 'mcp.json') }, timeout: 60_000 },
    );
    // `--format json` prints `{ result }`.
    return (JSON.parse(stdout) as { result: Record<string, unknown> }).result;
  }

  it('lists the tools, and calls every one of them', { timeout: 120_000 }, async () => {
    const { tools } = (await inspector('--method', 'tools/list')) as { tools: { name: string }[] };
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['get_property_info', 'search_chain_availability']));

    const stay = [`checkIn=${daysAhead(20)}`, `checkOut=${daysAhead(22)}`];
    const argumentsOf: Record<string, string[]> = {
      get_property_info: ['hotelCode=ACME001'],
      get_property_rooms: ['hotelCode=ACME001'],
      get_property_reviews: ['hotelCode=ACME001', 'limit=2'],
      get_property_lowest_monthly_rates: ['hotelCode=ACME001'],
      shop_property_rate: ['hotelCode=ACME001', ...stay],
      get_property_availability_single: ['hotelCode=ACME001', ...stay, 'adults=2', 'currency=EUR'],
      get_property_parity: ['hotelCode=ACME001', `from=${daysAhead(20)}`, `to=${daysAhead(26)}`],
      search_chain_availability: ['chainCode=BLUE', ...stay, 'currency=EUR'],
      get_parity_alerts: ['hotelCode=ACME001'],
    };
    for (const name of names) {
      const toolArgs = argumentsOf[name];
      expect(toolArgs, `arguments for ${name}`).toBeDefined();
      const result = await inspector('--method', 'tools/call', '--tool-name', name, '--tool-arg', ...(toolArgs ?? []));
      expect(result, name).toMatchObject({ isError: false, structuredContent: { data: expect.any(Object) } });
    }
  });

  it('browses resources, reads one and fills a prompt', { timeout: 120_000 }, async () => {
    const { resources } = (await inspector('--method', 'resources/list')) as { resources: { uri: string }[] };
    expect(resources.map((resource) => resource.uri)).toContain('hotel://properties/BLUE001');
    const { resourceTemplates } = (await inspector('--method', 'resources/templates/list')) as { resourceTemplates: { uriTemplate: string }[] };
    expect(resourceTemplates[0]?.uriTemplate).toBe('hotel://properties/{code}');
    const read = (await inspector('--method', 'resources/read', '--uri', 'hotel://properties/BLUE001')) as { contents: { text: string }[] };
    expect(JSON.parse(String(read.contents[0]?.text))).toMatchObject({ code: 'BLUE001' });

    const { prompts } = (await inspector('--method', 'prompts/list')) as { prompts: { name: string }[] };
    expect(prompts.map((prompt) => prompt.name)).toEqual(['parity_check', 'review_digest', 'stay_plan']);
    const prompt = (await inspector('--method', 'prompts/get', '--prompt-name', 'review_digest', '--prompt-args', 'hotelCode=ACME001')) as {
      messages: { content: { text: string } }[];
    };
    expect(prompt.messages[0]?.content.text).toContain('ACME001');
  });
});
