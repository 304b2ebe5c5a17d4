import type { FastifyRequest } from 'fastify';
import type { ApiFailure } from '../failures/api-failure.js';

/**
 * JSON-RPC's "server error" range starts at -32000; the SDK's own transport answers every
 * HTTP-level refusal (wrong Accept, wrong Content-Type, ...) with it, and so do we.
 */
const TRANSPORT_ERROR = -32000;

/** JSON-RPC 2.0's own codes, written out: the SDK's types module builds hundreds of schemas, too much to load at start for two numbers. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/**
 * Failures JSON-RPC has a code of its own for: a body that cannot be read as JSON is a parse
 * error; an empty or oversized batch an invalid request.
 */
const JSON_RPC_CODES: Partial<Record<ApiFailure['code'], number>> = {
  body_invalid: PARSE_ERROR,
  batch_too_large: INVALID_REQUEST,
  request_invalid: INVALID_REQUEST,
};

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
      code: JSON_RPC_CODES[error.code] ?? TRANSPORT_ERROR,
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
