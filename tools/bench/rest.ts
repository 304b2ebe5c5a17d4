import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate } from './alternate.js';
import { expectOk, LoadClient, type BenchRequest } from './load.js';
import { fromSource, startServer } from './processes.js';
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

/** The REST figures: what is asked, the ratio to the peer asked for, and a text every answer holds. */
export const REST_FIGURES = [
  { figure: 'REST shopper, same stay repeated', requests: SHOPPER_SAME_STAY, target: 0.5, needle: '"rates":[' },
  { figure: 'REST shopper, stays varied (160)', requests: SHOPPER_VARIED_STAYS, target: 0.5, needle: '"rates":[' },
  { figure: 'REST reviews, filtered, one page', requests: REVIEWS_FILTERED_PAGE, target: 0.4, needle: '"userReviews":[' },
] as const;

/**
 * REST against a bare Fastify HTTPS server answering the same URLs with the same bytes over the
 * same certificate (`peers/bare-fastify.ts`): the bytes are recorded from the API first.
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
    const answersFile = join(mkdtempSync(join(tmpdir(), 'bench-answers-')), 'answers.json');
    writeFileSync(answersFile, JSON.stringify(answers));
    const peer = await startServer('bare Fastify', fromSource('./peers/bare-fastify.ts'), context.tls, { env: { BENCH_ANSWERS: answersFile } });
    const peerClient = new LoadClient(peer.origin, context.tls.cert, context.connections);
    try {
      const rows = [];
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
