/**
 * The delivery thread's entry (node:worker_threads; started by delivery-worker.ts): signs each
 * attempt and POSTs it through the delivery agent (TLS, the connect-time address check, the
 * timeout, the first kilobyte of an answer), off the API's event loop. It keeps no state but the
 * agent's connections: the queue, the store and the retries stay with the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DeliveryAgent } from './delivery-agent.js';
import type { AttemptBatch, AttemptOrder, AttemptReport, DeliveryThreadData } from './delivery-messages.js';
import { signBody } from './signing.js';

const port = parentPort;
if (!port) throw new Error('delivery-thread.ts runs as a worker thread (delivery-worker.ts starts it)');

const agent = new DeliveryAgent(workerData as DeliveryThreadData);
let reports: AttemptReport[] = [];
let holding = false;
/**
 * Answers go back at most once a window: each message wakes the main thread, which costs it about
 * as much for one answer as for many, and the queue's next jobs then come in one message too. The
 * first answer after a quiet window goes at once, so a lone delivery waits for nothing.
 */
const REPORT_WINDOW_MS = 2;

function report(finished: AttemptReport): void {
  reports.push(finished);
  if (!holding) sendReports();
}

function sendReports(): void {
  holding = reports.length > 0;
  if (!holding) return;
  port?.postMessage(reports);
  reports = [];
  setTimeout(sendReports, REPORT_WINDOW_MS);
}

async function attempt(order: AttemptOrder, body: string): Promise<AttemptReport> {
  try {
    const signed = signBody(order.eventId, body, order.secrets, new Date(order.at));
    return { ticket: order.ticket, ...(await agent.post(order.url, signed)) };
  } catch (error) {
    // A secret that cannot sign, say: this attempt fails, the thread goes on.
    return { ticket: order.ticket, status: null, detail: error instanceof Error ? error.message : String(error), durationMs: 0 };
  }
}

port.on('message', ({ bodies, orders }: AttemptBatch) => {
  for (const order of orders) void attempt(order, bodies[order.body] ?? '').then(report);
});
