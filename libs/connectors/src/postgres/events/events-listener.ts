import pg from 'pg';
import { EVENTS_CHANNEL } from './append-events.js';

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries), reconnecting when
 * the server drops it. After every (re)connection `onNotify` is called once: events committed
 * while nobody listened are then read by those woken.
 */
export class EventsListener {
  private client: pg.Client | undefined;
  private started = false;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly onNotify: () => void,
  ) {}

  start(): void {
    if (this.started) return;
    this.started = true;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url });
    const lost = () => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => undefined);
      if (!this.stopped) this.retry = setTimeout(() => void this.connect(), RECONNECT_DELAY_MS).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.onNotify());
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (this.stopped) await client.end();
      else this.onNotify();
    } catch {
      lost();
    }
  }
}
