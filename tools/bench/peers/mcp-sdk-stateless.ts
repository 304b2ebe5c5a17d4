/**
 * The MCP peer: the MCP SDK's stateless example (`simpleStatelessStreamableHttp`) as written, with
 * our six tools and keys. The SDK's Express app and bearer-token middleware, and for every request
 * a new `McpServer` registering every tool (zod schemas the SDK converts and validates with) and a
 * transport with the SDK's defaults, closed when the response closes. It runs the API's own tool
 * handlers over the same sandbox, so both sides do the same hotel work; it has no rate limit and
 * no logging, which favours it.
 *
 * Environment: PORT, TLS_CERT_FILE, TLS_KEY_FILE.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { loadKeyStore } from '@hotelapi/auth';
import { createSandboxConnectors } from '@hotelapi/connectors';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { authInfoFor, callerOf, callTool, createApiServices, HOTEL_TOOLS, loadConfig } from '@hotelapi/api/benchmark';

const env = (name: string): string => process.env[name] ?? '';

const config = loadConfig({});
const connectors = createSandboxConnectors();
const services = await createApiServices(connectors, config);
const keyStore = await loadKeyStore({ sandbox: true });

/** The SDK example's `getServer()`: a new McpServer with every tool registered. */
function getServer(): McpServer {
  const server = new McpServer({ name: 'hotel-api-plain', version: '1.0.0' }, { capabilities: { logging: {} } });
  for (const [name, tool] of Object.entries(HOTEL_TOOLS)) {
    const { title, description, input, data } = tool.definition;
    const annotations = { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
    server.registerTool(name, { title, description, inputSchema: input, outputSchema: z.object({ data }), annotations }, (args, extra) =>
      // McpServer has checked the arguments already; our call checks them again, which costs microseconds.
      callTool(name, tool, args, callerOf(extra.authInfo), services),
    );
  }
  return server;
}

const verifier = {
  async verifyAccessToken(token: string) {
    const principal = keyStore.authenticate(token);
    if (!principal) throw new InvalidTokenError('Unknown API key');
    const caller = { principal, language: 'en', acceptLanguage: undefined, origin: 'https://localhost:8443', requestId: 'bench', log: console } as const;
    // The middleware insists on an expiry; API keys have none.
    return Object.assign(authInfoFor(caller), { expiresAt: Number.MAX_SAFE_INTEGER });
  },
};

const app = createMcpExpressApp();
app.get('/healthz', (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
});
app.post('/mcp', requireBearerAuth({ verifier }), async (request: IncomingMessage & { body?: unknown }, response: ServerResponse) => {
  const server = getServer();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(request, response, request.body);
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
});
const server = createServer({ cert: readFileSync(env('TLS_CERT_FILE')), key: readFileSync(env('TLS_KEY_FILE')) }, app);
server.listen(Number(env('PORT')), '127.0.0.1');
await once(server, 'listening');
