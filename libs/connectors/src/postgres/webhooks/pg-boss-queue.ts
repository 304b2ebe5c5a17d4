import { CompiledQuery, sql, type Kysely } from 'kysely';
import { PgBoss, type QueueOptions } from 'pg-boss';
import type { DeliveryJob, RetrySchedule, WebhookQueue } from '../../ports/webhook-store.js';

/** pg-boss's queue of webhook deliveries. */
const QUEUE = 'webhook-deliveries';
/** Jobs a worker takes at a time. */
const BATCH = 4;

export interface PgBossQueueOptions {
  readonly url: string;
  /** The database the relay's position lives in (the same as `url`'s). */
  readonly db: Kysely<unknown>;
  readonly schedule: RetrySchedule;
  /** Deliveries in progress at once in this instance. */
  readonly concurrency: number;
  /** Told of pg-boss's errors (a lost connection it recovers from). */
  readonly onError: (error: Error) => void;
}

/**
 * Deliveries at least once through pg-boss: its retry backoff (exponential with jitter, capped),
 * its expiry of an attempt whose instance died, and SKIP LOCKED fetching so that one instance
 * takes each attempt. The relay inserts jobs in its own transaction (pg-boss's `db` option).
 */
export async function pgBossWebhookQueue({ url, db, schedule, concurrency, onError }: PgBossQueueOptions): Promise<WebhookQueue> {
  // Lost attempts (an instance died mid-delivery) are looked for at least once per expiry period.
  const supervise = Math.max(1, Math.min(60, Math.floor(schedule.attemptExpirySeconds / 2)));
  // LISTEN/NOTIFY wakes workers as soon as jobs are committed; polling stays as the floor (and finds retries due).
  // Every timer stamps a row when it fires, which is WAL for every replica even on an idle service:
  // the ones for features we do not use (cron, flows of dependent jobs, the instance registry) are
  // off or daily, and background migrations are looked for at the supervision pace.
  const boss = new PgBoss({
    connectionString: url,
    max: 4,
    schedule: false,
    registerInstance: false,
    flowIntervalSeconds: 86_400,
    bamIntervalSeconds: Math.max(10, supervise),
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    useListenNotify: true,
  });
  boss.on('error', onError);
  // Set on each job too: a queue's retryDelayMax cannot be updated, and this instance's settings should rule its jobs.
  const retries = {
    retryLimit: schedule.retries,
    retryDelay: schedule.baseDelaySeconds,
    retryBackoff: true,
    retryDelayMax: schedule.maxDelaySeconds,
  };
  try {
    await boss.start();
    await ensureQueue(boss, { ...retries, expireInSeconds: schedule.attemptExpirySeconds });
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    throw error;
  }
  const inserts = (jobs: readonly DeliveryJob[]) => jobs.map((job) => ({ data: { ...job }, ...retries, expireInSeconds: schedule.attemptExpirySeconds }));

  return {
    durable: true,
    async enqueue(jobs) {
      if (jobs.length > 0) await boss.insert(QUEUE, inserts(jobs));
    },
    async relay(step) {
      // Nothing logged past the position: no transaction and no row lock, which would write WAL
      // (to every replica) at each of every instance's wake-ups on an idle service.
      const { rows: ahead } = await sql<{ behind: boolean }>`
        SELECT coalesce((SELECT max(sequence) FROM events), 0) > position AS behind FROM webhook_relay WHERE name = 'events'`.execute(db);
      if (ahead[0]?.behind === false) return 0;
      return db.transaction().execute(async (trx) => {
        // The row lock makes relays take turns across instances; a step enqueues, then moves the position, or neither.
        const { rows } = await sql<{ position: string }>`SELECT position FROM webhook_relay WHERE name = 'events' FOR UPDATE`.execute(trx);
        const { jobs, position } = await step(Number(rows[0]?.position ?? 0));
        if (jobs.length > 0) {
          const inTransaction = { executeSql: async (text: string, values?: unknown[]) => trx.executeQuery(CompiledQuery.raw(text, values ?? [])) as Promise<{ rows: unknown[] }> };
          await boss.insert(QUEUE, inserts(jobs), { db: inTransaction });
        }
        await sql`UPDATE webhook_relay SET position = ${position} WHERE name = 'events'`.execute(trx);
        return jobs.length;
      });
    },
    async work(deliver) {
      // Small batches, each job settled on its own (a slow receiver holds only its batch's worker),
      // fetched again at once while batches come full, woken by NOTIFY when idle.
      await boss.work<DeliveryJob>(
        QUEUE,
        { batchSize: BATCH, localConcurrency: Math.max(1, Math.ceil(concurrency / BATCH)), perJobResults: true, burstWhenBatchFull: true, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 1 },
        async (jobs) => {
          const settled = await Promise.allSettled(jobs.map((job) => deliver(job.data, { number: job.retryCount + 1, last: job.retryCount >= schedule.retries })));
          return jobs.map((job, index) => ({ id: job.id, status: settled[index]?.status === 'fulfilled' ? ('completed' as const) : ('failed' as const) }));
        },
      );
    },
    async depth() {
      const queue = await boss.getQueue(QUEUE);
      return queue ? queue.queuedCount + queue.deferredCount + queue.activeCount : 0;
    },
    async close() {
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}

/** Creates the queue with the schedule, or sets the schedule of the queue another instance created. */
async function ensureQueue(boss: PgBoss, { retryDelayMax, ...options }: QueueOptions): Promise<void> {
  if (await boss.getQueue(QUEUE)) return boss.updateQueue(QUEUE, { ...options, notify: true });
  await boss.createQueue(QUEUE, { ...options, retryDelayMax, notify: true, policy: 'standard' }).catch(async (error: unknown) => {
    // Another instance created it meanwhile.
    if (!(await boss.getQueue(QUEUE))) throw error;
  });
}
