import type { AttemptInfo, DeliveryJob, RetrySchedule, WebhookQueue } from '../ports/webhook-store.js';
import { retryDelaySeconds } from './retry-schedule.js';

/**
 * The sandbox's delivery queue: the same schedule as pg-boss's in PostgreSQL, with timers in this
 * process's memory (not durable: pending retries are lost at restart).
 */
export function memoryWebhookQueue(schedule: RetrySchedule, concurrency = 16): WebhookQueue {
  const waiting: { job: DeliveryJob; attempt: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let running = 0;
  let position = 0;
  let relaying: Promise<unknown> = Promise.resolve();
  let deliver: ((job: DeliveryJob, attempt: AttemptInfo) => Promise<void>) | undefined;
  let closed = false;

  const pump = () => {
    for (let next = waiting[0]; deliver && !closed && running < concurrency && next; next = waiting[0]) {
      waiting.shift();
      running++;
      const info = { number: next.attempt, last: next.attempt > schedule.retries };
      deliver(next.job, info)
        .catch(() => {
          if (info.last || closed) return;
          const timer = setTimeout(() => {
            timers.delete(timer);
            waiting.push({ job: next.job, attempt: next.attempt + 1 });
            pump();
          }, retryDelaySeconds(schedule, next.attempt) * 1_000);
          timer.unref();
          timers.add(timer);
        })
        .finally(() => {
          running--;
          pump();
        });
    }
  };

  return {
    durable: false,
    async enqueue(jobs) {
      waiting.push(...jobs.map((job) => ({ job, attempt: 1 })));
      pump();
    },
    relay(step) {
      // One step at a time, as PostgreSQL's row lock makes it there.
      const result = relaying.then(async () => {
        const { jobs, position: reached } = await step(position);
        waiting.push(...jobs.map((job) => ({ job, attempt: 1 })));
        position = reached;
        pump();
        return jobs.length;
      });
      relaying = result.catch(() => undefined);
      return result;
    },
    async work(handler) {
      deliver = handler;
      pump();
    },
    async depth() {
      return waiting.length + running + timers.size;
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      waiting.length = 0;
    },
  };
}
