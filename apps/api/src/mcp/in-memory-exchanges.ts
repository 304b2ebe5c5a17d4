import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCRequest, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * An MCP transport in memory, for one server that answers many callers' requests one exchange at
 * a time: each request goes in under an id of this transport's own (callers' ids collide: every
 * client starts at 1), and its answer comes out under the caller's id again. The server handles
 * each request as over any transport (handler lookup, the SDK's checks of the parameters,
 * JSON-RPC errors), with the caller's auth info in `extra`. Notifications the server sends have
 * nowhere to go and are dropped: callers use it only for requests that asked for none (no
 * progress token).
 */
export class InMemoryExchanges implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  #nextId = 0;
  readonly #waiting = new Map<number, { readonly callerId: RequestId; readonly answer: (message: JSONRPCMessage) => void }>();

  async start(): Promise<void> {
    // Nothing to open: requests are handed over by `exchange`.
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // The server's own messages: an answer has `result` or `error`; the rest are notifications.
    if (!('result' in message || 'error' in message) || typeof message.id !== 'number') return;
    const waiting = this.#waiting.get(message.id);
    if (!waiting) return;
    this.#waiting.delete(message.id);
    waiting.answer({ ...message, id: waiting.callerId });
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** The server's answer to `request`, under the request's own id. */
  exchange(request: JSONRPCRequest, extra: MessageExtraInfo): Promise<JSONRPCMessage> {
    const id = this.#nextId++;
    const answer = new Promise<JSONRPCMessage>((resolve) => this.#waiting.set(id, { callerId: request.id, answer: resolve }));
    this.onmessage?.({ ...request, id }, extra);
    return answer;
  }
}
