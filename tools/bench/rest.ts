import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate } from './alternate.js';
import { distinctShopperRequests, take } from './distinct-shopper.js';
import { expectOk, LoadClient, type BenchRequest } from './load.js';
import { BARE_FASTIFY, startServer } from './processes.js';
import { API_KEY_HEADERS, dayFromToday, type Scenario } from './scenario.js';

const get = (path: string): BenchRequest => ({ method: 'GET', path, headers: API_KEY_HEADERS });

function shopper(code: string, checkInDays: number, nights: number): BenchRequest {
  return get(`/v1/shopper/${code}?checkIn=${dayFromToday(checkInDays)}&checkOut=${dayFromToday(checkInDays + nights)}&adults=2`);
}

const ACME = Array.from({ length: 40 }, (_, index) => `ACME${String(index + 1).padStart(3, '0')}`);

/** One property, one stay, asked again and again. */
export const SHOPPER_SAME_STAY = [shopper('ACME001', 30, 3)];

/** Every ACME property, each over four stays: 160 different answers, cycled (so warm after the first lap). */
export const SHOPPER_VARIED_STAYS = ACME.flatMap((code, index) => [
  shopper(code, 20 + (index % 7), 2),
  shopper(code, 45 + (index % 5), 3),
  shopper(code, 90, 1 + (index % 4)),
  shopper(code, 200 - index, 7),
]);

/** A filtered page of a property with over a thousand reviews. */
export const REVIEWS_FILTERED_PAGE = [
  get('/v1/reviews/ACME001?score=GOOD&category=COUPLE&limit=10&page=2'),
  get('/v1/reviews/ACME017?season=SUMMER&reviewerLanguages=en,fr&sort=mostRelevant&limit=10'),
];

/**
 * The REST figures asked again and again: what is asked, the ratio to the peer asked for, and a
 * text every answer holds. Each is served by the answer cache after its first lap, and its name
 * says so; `DISTINCT_SHOPPER` is what a request costs when nothing is kept.
 */
export const REST_FIGURES = [
  { figure: 'REST shopper, same stay repeated (answer cache serves it)', requests: SHOPPER_SAME_STAY, target: 0.6, needle: '"rates":[' },
  { figure: 'REST shopper, 160 stays cycled (answer cache serves them)', requests: SHOPPER_VARIED_STAYS, target: 0.6, needle: '"rates":[' },
  { figure: 'REST reviews, 2 filtered pages cycled (answer cache serves them)', requests: REVIEWS_FILTERED_PAGE, target: 0.5, needle: '"userReviews":[' },
] as const;

/**
 * Every request a different property, stay and currency, none repeated in the run
 * (`distinct-shopper.ts`): nothing any cache keeps serves it. The peer answers the first
 * `peerAnswers` of them, recorded from the API and cycled (it keeps nothing either way).
 */
export const DISTINCT_SHOPPER = {
  figure: 'REST shopper, every request a different property, stay and currency (no cache)',
  target: 0.35,
  needle: '"rates":[',
  peerAnswers: 2_000,
} as const;

/** The distinct shopper's requests: none of them a stay the other shopper figures ask. */
export const distinctShopper = () => distinctShopperRequests([...SHOPPER_SAME_STAY, ...SHOPPER_VARIED_STAYS]);

/**
 * REST against a bare Fastify HTTPS server answering the same URLs with the same bytes over the
 * same certificate (`peers/bare-fastify.mjs`): the bytes are recorded from the API first.
 */
export const restScenario: Scenario = {
  group: 'rest',
  async run(context) {
    const answers: Record<string, string> = {};
    for (const { requests, needle } of REST_FIGURES) {
      for (const request of requests) {
        const { status, body } = await context.apiClient.send(request);
        expectOk(needle)(status, body);
        answers[request.path] = body;
      }
    }
    // The distinct shopper's own stream goes on past what was recorded: the API never sees a
    // recorded request again.
    const distinct = distinctShopper();
    const recorded = take(distinct, DISTINCT_SHOPPER.peerAnswers);
    await inParallel(recorded, context.connections, async (request) => {
      const { status, body } = await context.apiClient.send(request);
      expectOk(DISTINCT_SHOPPER.needle)(status, body);
      answers[request.path] = body;
    });
    const answersFile = join(mkdtempSync(join(tmpdir(), 'bench-answers-')), 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    const peer = await startServer('bare Fastify', BARE_FASTIFY, context.tls, { env: { BENCH_ANSWERS: answersFile } });
    const peerClient = new LoadClient(peer.origin, context.tls.cert, context.connections);
    try {
      const rows = [];
      const { figure, target, needle } = DISTINCT_SHOPPER;
      const check = expectOk(needle);
      rows.push(
        await alternate(
          context,
          figure,
          { server: context.api, client: context.apiClient, requests: distinct, check },
          { name: 'bare Fastify', server: peer, client: peerClient, requests: recorded, check },
          target,
        ),
      );
      for (const { figure, requests, target, needle } of REST_FIGURES) {
        const check = expectOk(needle);
        rows.push(
          await alternate(
            context,
            figure,
            { server: context.api, client: context.apiClient, requests, check },
            { name: 'bare Fastify', server: peer, client: peerClient, requests, check },
            target,
          ),
        );
      }
      return rows;
    } finally {
      await peerClient.close();
      await peer.stop();
    }
  },
};

/** Runs `work` on every item, `concurrency` at a time. */
async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
