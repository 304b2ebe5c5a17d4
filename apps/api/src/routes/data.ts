import { DataPushResponse, IdempotencyKey } from '@hotelapi/domain';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiFailure } from '../failures/api-failure.js';
import { envelope } from '../http/envelope.js';
import { principalOf } from '../http/plugins/api-key-auth.js';
import { WriteWorker } from '../services/admission/write-worker.js';
import { pushData, type PushedBody } from '../services/data-push.js';
import { errorResponses } from './error-responses.js';
import type { V1RouteOptions } from './v1-route-options.js';

/** The JSON Lines types a push may be sent as; `application/json` takes `{ "records": [...] }`. */
const JSON_LINES_TYPES = ['application/x-ndjson', 'application/jsonl'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as it was sent, for the Idempotency-Key's "same body" check (`POST /v1/data` only). */
    rawBody?: string | Buffer;
  }
}

const JsonBody = z.object({ records: z.array(z.unknown()) });

/**
 * `POST /v1/data`: chains push their records (docs/data-format.md) over the API, the same records
 * `npm run data:load` reads from files, through the same writer. A context of its own: its body
 * parsers, its body limit and its write budget apply to this route only.
 */
export async function dataRoutes(app: FastifyInstance, { services, dataPush }: V1RouteOptions): Promise<void> {
  const writer = dataPush.store && new WriteWorker(dataPush.store, (error) => app.log.error({ err: error }, 'the push thread stopped on an error'));
  if (writer) app.addHook('onClose', () => writer.close());
  // Every body is read once, and what was read is what "the same body" means for an Idempotency-Key.
  // JSON Lines stay bytes here: the push thread decodes and parses them line by line (so a bad
  // line is named), and the bytes move to it without a copy.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: dataPush.bodyLimitBytes }, (request, body, done) => {
    request.rawBody = body as string;
    parseJson(request, body as string, done);
  });
  app.addContentTypeParser(JSON_LINES_TYPES, { parseAs: 'buffer', bodyLimit: dataPush.bodyLimitBytes }, (request, body, done) => {
    request.rawBody = body as Buffer;
    done(null, { utf8: body });
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/data',
    {
      bodyLimit: dataPush.bodyLimitBytes,
      schema: {
        tags: ['data'],
        operationId: 'pushData',
        summary: 'Push hotel data',
        description:
          'Records of docs/data-format.md (chains, properties, rooms, rate plans, nights, ARI, channel collections, exchange ' +
          'rates, reviews), one per line as `application/x-ndjson` (or `application/jsonl`), or as `{ "records": [...] }` in ' +
          '`application/json`: the same records and rules as `npm run data:load` (parents first, unknown references refused, ' +
          'upserts on natural keys, channel collections added to the history). All or nothing: every line is checked before ' +
          'anything is written, and a bad one is a 400 naming its line and field. Needs a key with the `write` scope, and ' +
          'every record within its grants. Without `Idempotency-Key` a push is still safe to repeat (upserts); with it, the ' +
          'same key and body within 24 hours replay the first answer (`Idempotent-Replayed: true`), another body is a 409. ' +
          'In the embedded sandbox only `night`, `ari` and `channelShop` records are taken, in memory (`metadata.durable: false`).',
        security: [{ apiKey: [] }],
        headers: z.object({ 'idempotency-key': z.string().optional().describe(IdempotencyKey.description ?? '') }),
        response: { 200: DataPushResponse, ...errorResponses([400, 401, 403, 409, 413, 415, 429, 502, 503, 504]) },
      },
      config: { rateLimit: { max: dataPush.perKey, keyGenerator: (request: FastifyRequest) => `write:${principalOf(request).keyId}` } },
    },
    async (request, reply) => {
      const { receipt, replayed } = await pushData(
        services,
        principalOf(request),
        { body: pushedBody(request.body), bytes: request.rawBody ?? '', idempotencyKey: idempotencyKeyOf(request) },
        dataPush.maxRecords,
        writer,
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      const records = Object.values(receipt.counts).reduce((sum, count) => sum + (count ?? 0), 0);
      return envelope(request, {
        data: { records, counts: receipt.counts, dataVersion: receipt.dataVersion },
        summary: {},
        metadata: { durable: receipt.durable, ...(replayed && { replayed }) },
      });
    },
  );
}

/** The body the parsers made: JSON Lines bytes, or a JSON body that must be `{ "records": [...] }`. */
function pushedBody(body: unknown): PushedBody {
  if (typeof body === 'object' && body !== null && 'utf8' in body && body.utf8 instanceof Uint8Array) return { utf8: body.utf8 };
  const parsed = JsonBody.safeParse(body);
  if (!parsed.success) throw new ApiFailure('body_invalid', 'A JSON body must be { "records": [ ... ] }, one data record per element.', { param: 'records' });
  return { records: parsed.data.records };
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  const checked = IdempotencyKey.safeParse(value);
  if (!checked.success) {
    throw new ApiFailure('idempotency_key_invalid', 'Idempotency-Key must be 1 to 255 printable ASCII characters.', { param: 'Idempotency-Key' });
  }
  return checked.data;
}
