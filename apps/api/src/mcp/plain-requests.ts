import { ErrorCode, McpError, type JSONRPCErrorResponse, type JSONRPCRequest, type JSONRPCResultResponse, type MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { McpMethod, RequestExtra } from './request-guard.js';

type Handle = McpMethod['handle'];

/** A plain request is never cancelled: its answer is the one thing the response carries. */
const NEVER_ABORTED = new AbortController().signal;

/** Plain requests carry no progress token, so nothing listens for notifications. */
const noNotifications = async (): Promise<void> => undefined;

/** A stateless server has no session to ask the client anything over. */
const noRequests = async (): Promise<never> => {
  throw new McpError(ErrorCode.InvalidRequest, 'A stateless server cannot send requests to the client.');
};

/**
 * Answers a plain request (see `isPlainRequest` in `stateless-exchange.ts`) by calling its method's guarded handler
 * directly, with no server or transport between: the handlers are the ones every per-request
 * server registers, and the answer is what the SDK's Protocol writes for them over any transport
 * (`ping` answered `{}`, an unknown method -32601 "Method not found", a thrown error as its code,
 * message and data, key order included). The caller travels with the request as its auth info.
 */
export class PlainRequests {
  readonly #handlers: ReadonlyMap<string, Handle>;

  constructor(methods: readonly McpMethod[]) {
    const ping: Handle = async () => ({});
    this.#handlers = new Map<string, Handle>([['ping', ping], ...methods.map(({ method, handle }): [string, Handle] => [method, handle])]);
  }

  async answer(request: JSONRPCRequest, { authInfo, requestInfo }: MessageExtraInfo): Promise<JSONRPCResultResponse | JSONRPCErrorResponse> {
    const { id, method } = request;
    const handle = this.#handlers.get(method);
    if (!handle) return { jsonrpc: '2.0', id, error: { code: ErrorCode.MethodNotFound, message: 'Method not found' } };
    const extra: RequestExtra = { signal: NEVER_ABORTED, requestId: id, authInfo, requestInfo, sendNotification: noNotifications, sendRequest: noRequests };
    try {
      return { result: await handle(request, extra), jsonrpc: '2.0', id };
    } catch (thrown) {
      const error = thrown as { code?: unknown; message?: string; data?: unknown };
      const code = typeof error.code === 'number' && Number.isSafeInteger(error.code) ? error.code : ErrorCode.InternalError;
      return { jsonrpc: '2.0', id, error: { code, message: error.message ?? 'Internal error', ...(error.data !== undefined && { data: error.data }) } };
    }
  }
}
