import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCRequest, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/**
 * An MCP transport that carries exactly one request in and its answer out, in memory: the server
 * connected to it handles the request as over any transport (handler lookup, the SDK's checks of
 * the parameters, JSON-RPC errors), and `exchange` resolves with the answer. Notifications the
 * server sends meanwhile have nowhere to go and are dropped: callers use it only for requests
 * that asked for none (no progress token).
 */
export class SingleRequestTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  #answer: ((message: JSONRPCMessage) => void) | undefined;

  async start(): Promise<void> {
    // Nothing to open: the request is handed over by `exchange`.
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // The server's own messages: an answer has `result` or `error`; the rest are notifications.
    if ('result' in message || 'error' in message) this.#answer?.(message);
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** The server's answer to `request`. */
  exchange(request: JSONRPCRequest, extra: MessageExtraInfo): Promise<JSONRPCMessage> {
    const answer = new Promise<JSONRPCMessage>((resolve) => {
      this.#answer = resolve;
    });
    this.onmessage?.(request, extra);
    return answer;
  }
}
