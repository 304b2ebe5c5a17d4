import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { heavyWorkGate } from './heavy-work-gate.js';

describe('the heavy-work gate', () => {
  it('runs a few jobs at once and refuses one more than its queue at once', async () => {
    let refused = 0;
    const gate = heavyWorkGate({ concurrency: 1, queue: 1, maxWaitMs: 5_000 }, () => refused++);
    const first = gate.run(() => delay(50, 'first'));
    const second = gate.run(() => delay(1, 'second'));
    await expect(gate.run(() => delay(1, 'third'))).rejects.toMatchObject({ code: 'service_overloaded', status: 503, headers: { 'retry-after': '5' } });
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(refused).toBe(1);
  });

  it('refuses a job that waited too long for its turn, which then never runs, and goes on with the next', async () => {
    let refused = 0;
    const gate = heavyWorkGate({ concurrency: 1, queue: 10, maxWaitMs: 40 }, () => refused++);
    const ran: string[] = [];
    const job = (name: string, ms: number) => () => delay(ms).then(() => (ran.push(name), name));
    const long = gate.run(job('long', 300));
    let longDone = false;
    void long.then(() => (longDone = true));
    const waiting = gate.run(job('waiting', 1));
    await expect(waiting).rejects.toMatchObject({ code: 'service_overloaded', message: expect.stringMatching(/waited too long/) });
    // Refused when its wait ran out, not when the slot came free.
    expect(longDone).toBe(false);
    expect(await long).toBe('long');
    expect(await gate.run(job('next', 1))).toBe('next');
    expect(ran).toEqual(['long', 'next']);
    expect(refused).toBe(1);
    expect(gate.waiting()).toBe(0);
  });

  it('passes a job its failure', async () => {
    const gate = heavyWorkGate({ concurrency: 2, queue: 2, maxWaitMs: 1_000 });
    await expect(gate.run(() => Promise.reject(new Error('source down')))).rejects.toThrow('source down');
    expect(gate.running()).toBe(0);
  });
});
