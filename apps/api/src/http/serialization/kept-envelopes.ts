import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeOf, type EnvelopeBody } from '../envelope.js';
import { jsonWriter } from './compiled-serializer.js';

/** An answer's envelope for another request, from that request's id as JSON. */
type Envelope = (requestIdJson: string) => string | Buffer;
/** An answer's envelope written once and not kept: the next request it answers keeps it. */
const SENT_ONCE = 'sent once';
type Kept = { readonly fresh?: Envelope | typeof SENT_ONCE; readonly stale?: Envelope | typeof SENT_ONCE };
/** Shared marks of an answer sent once, so that marking one costs no object of its own. */
const FRESH_SENT_ONCE: Kept = Object.freeze({ fresh: SENT_ONCE });
const STALE_SENT_ONCE: Kept = Object.freeze({ stale: SENT_ONCE });

const JSON_TYPE = 'application/json; charset=utf-8';
const BEYOND_ASCII = /[\u0080-\uffff]/;
const utf8 = new TextEncoder();

/**
 * The envelopes of answers that are given again (`services/recent-answers.ts`): each answer's
 * JSON written by the route's own compiled serializer, with the id of the request it answers, and
 * sent as written. An answer sent once (most are) only marks that it was: its text is not kept,
 * for keeping the text of every answer of a crowd of different questions would cost each request
 * the collection of texts that never serve. When the same answer object answers a second request,
 * the text written for it is kept, split around its id when a third asks, and sent to each
 * further request with its own id in place. The texts are kept with the answer object
 * (a `WeakMap`), so they go when it goes, and apart for a stale answer (its `metadata.stale`).
 * Reused, a text that is not all ASCII is kept encoded: V8 holds one with a character beyond
 * Latin-1 (a review's curly quote) in two bytes a character, and sent as a string it was joined,
 * measured and encoded again for every request it answered. ASCII stays text: Node writes a text
 * body with its headers in one piece, and bytes apart from them, which cost a small answer more
 * than the encoding it saves.
 */
export class KeptEnvelopes<Answer extends object, Data, Summary, Metadata extends object> {
  private readonly write: (value: unknown) => string;
  private readonly kept = new WeakMap<Answer, Kept>();

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
    const forAnswer = this.kept.get(answer);
    const envelope = stale ? forAnswer?.stale : forAnswer?.fresh;
    if (typeof envelope === 'function') return reply.type(JSON_TYPE).send(envelope(JSON.stringify(request.id)));
    const json = this.write(envelopeOf({ id: request.id, stale }, this.bodyOf(answer)));
    if (envelope === undefined) {
      this.kept.set(answer, forAnswer ? { ...forAnswer, [stale ? 'stale' : 'fresh']: SENT_ONCE } : stale ? STALE_SENT_ONCE : FRESH_SENT_ONCE);
      return reply.type(JSON_TYPE).send(json);
    }
    const rewrite = (requestIdJson: string) => this.write(envelopeOf({ id: JSON.parse(requestIdJson) as string, stale }, this.bodyOf(answer)));
    this.kept.set(answer, { ...forAnswer, [stale ? 'stale' : 'fresh']: reused(json, JSON.stringify(request.id), rewrite) });
    return reply.type(JSON_TYPE).send(json);
  }
}

/**
 * The envelope `json`, written for the request whose id is `idJson`, for other requests: split
 * around that id when first asked. The id is the value of the last `"requestId"` key of the text:
 * `metadata` follows `data` and `summary`, only `"error":null` comes after it, and a `"` inside
 * a JSON string is escaped, so no text of the data can pass for the key. Should the writer have
 * written the id otherwise than `JSON.stringify`, each request gets its envelope written afresh.
 */
function reused(json: string, idJson: string, rewrite: Envelope): Envelope {
  let envelope: Envelope | undefined;
  return (requestIdJson) => {
    if (!envelope) {
      const pair = json.lastIndexOf(`"requestId":${idJson}`);
      if (pair < 0) return (envelope = rewrite)(requestIdJson);
      const at = pair + '"requestId":'.length;
      const [before, after] = [json.slice(0, at), json.slice(at + idJson.length)];
      if (BEYOND_ASCII.test(json)) {
        // Encoded into arrays of their own: a small Buffer from the shared pool would keep its 8 KB slab.
        const [head, tail] = [utf8.encode(before), utf8.encode(after)];
        envelope = (id) => Buffer.concat([head, Buffer.from(id), tail]);
      } else envelope = (id) => `${before}${id}${after}`;
    }
    return envelope(requestIdJson);
  };
}
