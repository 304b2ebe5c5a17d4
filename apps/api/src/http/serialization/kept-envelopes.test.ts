import { ShopperResponse, type ShopperData, type ShopperSummary } from '@hotelapi/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { envelopeOf } from '../envelope.js';
import { jsonWriter } from './compiled-serializer.js';
import { KeptEnvelopes } from './kept-envelopes.js';

interface Answer {
  readonly data: ShopperData;
  readonly summary: ShopperSummary;
  readonly metadata: { readonly collectedAt: string };
}

/** A shopper answer whose texts hold what a writer must escape, and the id's own key. */
const asciiAnswer: Answer = {
  data: {
    currency: 'EUR',
    channels: [{ source_id: 'OTA_01', source_name: 'Booking "requestId":"x"', price: 412.5 }],
    rates: [
      {
        price: 399,
        roomId: 'DBL',
        rateId: 'BAR',
        beRateId: ['BAR-1'],
        roomName: 'Double <room> \\ "quiet"',
        cancellationPolicy: 'Free cancellation until 2 days before arrival.',
        board: 'Room only',
        extras: [],
        partnerRate: false,
        lowestRate: true,
      },
    ],
  },
  summary: { directPrice: 399, cheapestChannel: { source_id: 'OTA_01', source_name: 'Booking', price: 412.5 }, parity: 'DIRECT_CHEAPER', differencePercent: 3.4 },
  metadata: { collectedAt: '2026-11-24T01:00:00.000Z' },
};

/** The same with text beyond ASCII and Latin-1, which is sent as UTF-8 bytes. */
const wideAnswer: Answer = {
  ...asciiAnswer,
  data: { ...asciiAnswer.data, channels: [{ source_id: 'OTA_01', source_name: 'Booking “Zürich” 東京 "requestId":"x"', price: 412.5 }] },
};

/** Records what a route would send. */
function sent(envelopes: KeptEnvelopes<Answer, ShopperData, ShopperSummary, Answer['metadata']>, answer: Answer, id: string, stale = false) {
  let type = '';
  let payload = '';
  let kind = '';
  const reply = {
    type(value: string) {
      type = value;
      return this;
    },
    send(value: string | Uint8Array) {
      kind = typeof value === 'string' ? 'text' : 'bytes';
      payload = typeof value === 'string' ? value : new TextDecoder('utf-8', { fatal: true }).decode(value);
      return this;
    },
  } as unknown as FastifyReply;
  envelopes.send({ id, connectorScope: stale ? { deadlineAt: 0, stale } : null } as unknown as FastifyRequest, reply, answer);
  return { type, payload, kind };
}

describe.each([
  { answer: asciiAnswer, kind: 'text' },
  { answer: wideAnswer, kind: 'bytes' },
])('kept envelopes of an answer sent as $kind', ({ answer, kind }) => {
  const envelopes = new KeptEnvelopes(ShopperResponse, (kept: Answer) => kept);
  const write = jsonWriter(ShopperResponse);

  it('send the bytes the route serializer writes, each request with its own id: the first two as written, the others spliced', () => {
    for (const [index, id] of ['req_1', 'req_2', 'client-id:42', 'client-ü-東'].entries()) {
      const sentNow = sent(envelopes, answer, id);
      expect(sentNow.type).toBe('application/json; charset=utf-8');
      expect(sentNow.kind).toBe(index <= 1 ? 'text' : kind);
      expect(sentNow.payload).toBe(write(envelopeOf({ id, stale: false }, answer)));
      expect(JSON.parse(sentNow.payload).metadata.requestId).toBe(id);
    }
  });

  it('keep a stale answer apart, marked stale', () => {
    const { payload } = sent(envelopes, answer, 'req_3', true);
    expect(payload).toBe(write(envelopeOf({ id: 'req_3', stale: true }, answer)));
    expect(JSON.parse(payload).metadata.stale).toBe(true);
    expect(JSON.parse(sent(envelopes, answer, 'req_4').payload).metadata.stale).toBeUndefined();
  });
});
