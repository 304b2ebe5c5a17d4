import { median, type AnswerCheck, type LoadClient, type RequestSource } from './load.js';
import type { ServerProcess } from './processes.js';
import type { BenchContext, Row } from './scenario.js';
import { formatRate } from './scenario.js';

export interface Side {
  /** The server's process, for its CPU time. */
  readonly server: Pick<ServerProcess, 'cpuMs'>;
  readonly client: LoadClient;
  readonly requests: RequestSource;
  readonly check: AnswerCheck;
}

/**
 * Throughput of ours against a peer: a warm-up round each, then rounds alternating between the
 * two, so that whatever else the machine does falls on both alike; the median round counts.
 */
export async function alternate(context: BenchContext, figure: string, ours: Side, peer: Side & { name: string }, targetRatio: number): Promise<Row> {
  const round = (side: Side, durationMs: number) => side.client.round(side.requests, side.check, { durationMs });
  await round(ours, context.roundMs);
  await round(peer, context.roundMs);
  const rates = { ours: [] as number[], peer: [] as number[] };
  const cpu = { ours: { ms: 0, requests: 0 }, peer: { ms: 0, requests: 0 } };
  const measured = async (side: Side, name: 'ours' | 'peer') => {
    const before = side.server.cpuMs();
    const figures = await round(side, context.roundMs);
    cpu[name].ms += side.server.cpuMs() - before;
    cpu[name].requests += figures.requests;
    rates[name].push(figures.perSecond);
  };
  for (let index = 0; index < context.rounds; index++) {
    await measured(ours, 'ours');
    await measured(peer, 'peer');
  }
  const oursRate = median(rates.ours);
  const peerRate = median(rates.peer);
  const ratio = oursRate / peerRate;
  return {
    figure,
    value: formatRate(oursRate),
    target: `≥ ${targetRatio}× peer`,
    peer: `${peer.name} ${formatRate(peerRate)}`,
    ratio: `${ratio.toFixed(2)}×`,
    met: ratio >= targetRatio,
    cpuPerRequestUs: { ours: (cpu.ours.ms * 1000) / cpu.ours.requests, peer: (cpu.peer.ms * 1000) / cpu.peer.requests },
    perSecond: { ours: oursRate, peer: peerRate },
  };
}
