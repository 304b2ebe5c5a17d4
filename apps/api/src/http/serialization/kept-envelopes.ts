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

/** An answer's envelope for one request, from that request's id as JSON. */
type Envelope = (requestIdJson: string) => string | Buffer;

const BEYOND_ASCII = /[\u0080-\uffff]/;
const utf8 = new TextEncoder();

/**
 * The envelopes of answers that are given again (`services/recent-answers.ts`): each answer's
 * JSON written once, by the route's own compiled serializer, and sent to every request it
 * answers with that request's id in place: writing a reviews page was a large part of a reused
 * request's cost. The bytes are what the serializer writes for the envelope itself; they are kept
 * with the answer object (a `WeakMap`), so they go when it goes, and apart for a stale answer
 * (its `metadata.stale`). A text that is not all ASCII is kept encoded: V8 holds one with a
 * character beyond Latin-1 (a review's curly quote) in two bytes a character, and sent as a string
 * it was joined, measured and encoded again for every request it answered. ASCII stays text:
 * Node writes a text body with its headers in one piece, and bytes apart from them, which cost a
 * small answer more than the encoding it saves.
 */
export class KeptEnvelopes<Answer extends object, Data, Summary, Metadata extends object> {
  private readonly write: (value: unknown) => string;
  private readonly kept = new WeakMap<Answer, { fresh?: Envelope; stale?: Envelope }>();

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
    let envelope = stale ? forAnswer.stale : forAnswer.fresh;
    if (!envelope) {
      envelope = this.envelope(answer, stale);
      this.kept.set(answer, { ...forAnswer, [stale ? 'stale' : 'fresh']: envelope });
    }
    return reply.type('application/json; charset=utf-8').send(envelope(JSON.stringify(request.id)));
  }

  private envelope(answer: Answer, stale: boolean): Envelope {
    const json = this.write(envelopeOf({ id: REQUEST_ID_MARK, stale }, this.bodyOf(answer)));
    const at = json.indexOf(MARKED_PAIR);
    const before = json.slice(0, at + MARKED_PAIR.length - REQUEST_ID_MARK.length - 2);
    const after = json.slice(at + MARKED_PAIR.length);
    if (!BEYOND_ASCII.test(json)) return (id) => `${before}${id}${after}`;
    // Encoded into arrays of their own: a small Buffer from the shared pool would keep its 8 KB slab.
    const [head, tail] = [utf8.encode(before), utf8.encode(after)];
    return (id) => Buffer.concat([head, Buffer.from(id), tail]);
  }
}
