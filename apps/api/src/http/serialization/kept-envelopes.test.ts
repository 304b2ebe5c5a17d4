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
const answer: Answer = {
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

/** Records what a route would send. */
function sent(envelopes: KeptEnvelopes<Answer, ShopperData, ShopperSummary, Answer['metadata']>, id: string, stale = false) {
  let type = '';
  let payload = '';
  const reply = {
    type(value: string) {
      type = value;
      return this;
    },
    send(value: string) {
      payload = value;
      return this;
    },
  } as unknown as FastifyReply;
  envelopes.send({ id, connectorScope: stale ? { deadlineAt: 0, stale } : null } as unknown as FastifyRequest, reply, answer);
  return { type, payload };
}

describe('kept envelopes', () => {
  const envelopes = new KeptEnvelopes(ShopperResponse, (kept: Answer) => kept);
  const write = jsonWriter(ShopperResponse);

  it('send the bytes the route serializer writes, each request with its own id', () => {
    for (const id of ['req_1', 'req_2', 'client-id:42']) {
      const { type, payload } = sent(envelopes, id);
      expect(type).toBe('application/json; charset=utf-8');
      expect(payload).toBe(write(envelopeOf({ id, stale: false }, answer)));
      expect(JSON.parse(payload).metadata.requestId).toBe(id);
    }
  });

  it('keep a stale answer apart, marked stale', () => {
    const { payload } = sent(envelopes, 'req_3', true);
    expect(payload).toBe(write(envelopeOf({ id: 'req_3', stale: true }, answer)));
    expect(JSON.parse(payload).metadata.stale).toBe(true);
    expect(JSON.parse(sent(envelopes, 'req_4').payload).metadata.stale).toBeUndefined();
  });
});
