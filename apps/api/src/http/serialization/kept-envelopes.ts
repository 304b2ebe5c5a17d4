import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeOf, type EnvelopeBody } from '../envelope.js';
import { jsonWriter } from './compiled-serializer.js';

/**
 * Stands in for the request id while an envelope is written: a random token, so it cannot be
 * anywhere in the data, and with its key and quotes, which a JSON string value cannot hold unescaped.
 */
const REQUEST_ID_MARK = randomBytes(16).toString('hex');
const MARKED_PAIR = `"requestId":"${REQUEST_ID_MARK}"`;

/** The envelope's JSON around where the request id goes. */
type Halves = readonly [before: string, after: string];

/**
 * The envelopes of answers that are given again (`services/recent-answers.ts`): each answer's
 * JSON written once, by the route's own compiled serializer, and sent to every request it
 * answers with that request's id in place. Writing a reviews page was about a fifth of a reused
 * request's CPU. The bytes are what the serializer writes for the envelope itself; they are kept
 * with the answer object (a `WeakMap`), so they go when it goes, and apart for a stale answer
 * (its `metadata.stale`).
 */
export class KeptEnvelopes<Answer extends object, Data, Summary, Metadata extends object> {
  private readonly write: (value: unknown) => string;
  private readonly kept = new WeakMap<Answer, { fresh?: Halves; stale?: Halves }>();

  constructor(
    /** The route's 200 response schema. */
    schema: z.ZodType,
    /** The endpoint's part of the envelope, from the answer. */
    private readonly bodyOf: (answer: Answer) => EnvelopeBody<Data, Summary, Metadata>,
  ) {
    this.write = jsonWriter(schema as z.ZodType<unknown, unknown>);
  }

  /** Sends the answer's envelope for this request, as the route's serializer would have written it. */
  send(request: FastifyRequest, reply: FastifyReply, answer: Answer): FastifyReply {
    const stale = request.connectorScope?.stale === true;
    const forAnswer = this.kept.get(answer) ?? {};
    let halves = stale ? forAnswer.stale : forAnswer.fresh;
    if (!halves) {
      halves = this.halves(answer, stale);
      this.kept.set(answer, { ...forAnswer, [stale ? 'stale' : 'fresh']: halves });
    }
    return reply.type('application/json; charset=utf-8').send(`${halves[0]}${JSON.stringify(request.id)}${halves[1]}`);
  }

  private halves(answer: Answer, stale: boolean): Halves {
    const json = this.write(envelopeOf({ id: REQUEST_ID_MARK, stale }, this.bodyOf(answer)));
    const at = json.indexOf(MARKED_PAIR);
    const before = json.slice(0, at + MARKED_PAIR.length - REQUEST_ID_MARK.length - 2);
    return [before, json.slice(at + MARKED_PAIR.length)];
  }
}
