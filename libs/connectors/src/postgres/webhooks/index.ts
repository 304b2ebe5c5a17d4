import type { Kysely } from 'kysely';
import type { RetrySchedule, WebhookPorts } from '../../ports/webhook-store.js';
import { createDatabase } from '../connect.js';
import { pgBossWebhookQueue } from './pg-boss-queue.js';
import { postgresWebhookStore } from './postgres-webhook-store.js';

export interface PostgresWebhookOptions {
  readonly url: string;
  readonly schedule: RetrySchedule;
  readonly concurrency: number;
  readonly onError: (error: Error) => void;
}

/** Webhook subscriptions and deliveries in PostgreSQL: durable, shared by every instance. */
export async function postgresWebhooks({ url, schedule, concurrency, onError }: PostgresWebhookOptions): Promise<WebhookPorts> {
  const db = createDatabase({ url, poolSize: 4 }) as unknown as Kysely<unknown>;
  const queue = await pgBossWebhookQueue({ url, db, schedule, concurrency, onError }).catch(async (error: unknown) => {
    await db.destroy();
    throw error;
  });
  const store = postgresWebhookStore(db);
  return {
    queue: {
      ...queue,
      close: async () => {
        await queue.close();
        await db.destroy();
      },
    },
    store,
  };
}
