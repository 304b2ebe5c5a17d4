import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyRequest } from 'fastify';
import type { ApiFailure } from '../failures/api-failure.js';

/**
 * JSON-RPC's "server error" range starts at -32000; the SDK's own transport answers every
 * HTTP-level refusal (wrong Accept, wrong Content-Type, ...) with it, and so do we.
 */
const TRANSPORT_ERROR = -32000;

/**
 * A failure of `/mcp` before any MCP message is handled (Origin, API key, body, method, rate
 * limit), as a JSON-RPC error: what MCP clients read. `id` is null because the request's own id
 * was never read, as JSON-RPC prescribes; `data` carries our error type, code and request id.
 */
export function jsonRpcError(request: FastifyRequest, error: ApiFailure) {
  return {
    jsonrpc: '2.0',
    id: null,
    error: {
      // A body that cannot be read as JSON is JSON-RPC's parse error; an oversized batch an invalid request.
      code: error.code === 'body_invalid' ? ErrorCode.ParseError : error.code === 'batch_too_large' ? ErrorCode.InvalidRequest : TRANSPORT_ERROR,
      message: error.message,
      data: {
        type: error.type,
        code: error.code,
        ...(error.param === undefined ? {} : { param: error.param }),
        requestId: request.id,
      },
    },
  } as const;
}
