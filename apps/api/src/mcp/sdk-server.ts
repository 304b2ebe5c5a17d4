import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { z } from 'zod';
import { CAPABILITIES, INSTRUCTIONS, SERVER_INFO } from './mcp-server.js';
import type { McpMethod } from './request-guard.js';

/**
 * The SDK builds an Ajv instance (with its formats) for every server unless given one, and that
 * costs more than the rest of a server. The server validates nothing with it that depends on the
 * request, so one is shared by every server of the process.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/**
 * The SDK's low-level `Server` holding our methods, for one request that needs the SDK's transport
 * (a batch, a progress token, a mistake the transport answers). Loaded on the first such request.
 *
 * The methods are registered through Protocol's `setRequestHandler`, not Server's: the SDK checks
 * params itself before a handler runs and answers a refusal with zod's JSON dump (as -32603, or for
 * tools/call as -32602). So each method is matched by a schema that checks nothing else, and the
 * guard applies the strict one.
 */
export function newSdkServer(methods: readonly McpMethod[]): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS, jsonSchemaValidator });
  for (const { method, handle } of methods) Protocol.prototype.setRequestHandler.call(server, z.looseObject({ method: z.literal(method) }), handle);
  return server;
}
