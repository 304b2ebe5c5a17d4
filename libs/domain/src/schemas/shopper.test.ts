import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ShopperQuery, ShopperResponse, type ShopperData } from './shopper.js';

const stay = { checkIn: '2026-03-01', checkOut: '2026-03-03' };

describe('ShopperQuery', () => {
  it('fills in the defaults: two adults, no children, euros', () => {
    expect(ShopperQuery.parse(stay)).toEqual({ ...stay, adults: 2, children: 0, currency: 'EUR' });
  });

  it('reads every parameter from query-string text', () => {
    expect(
      ShopperQuery.parse({ ...stay, adults: '3', children: '1', channel: 'OTA_02', currency: 'usd', rateId: 'BAR-FLEX' }),
    ).toEqual({ ...stay, adults: 3, children: 1, channel: 'OTA_02', currency: 'USD', rateId: 'BAR-FLEX' });
  });

  it.each([
    ['the same day', '2026-03-01'],
    ['the day before', '2026-02-28'],
  ])('refuses a check-out on %s as check-in, on checkOut', (_case, checkOut) => {
    expect(ShopperQuery.safeParse({ ...stay, checkOut }).error?.issues).toEqual([
      expect.objectContaining({ path: ['checkOut'], message: 'must be after checkIn' }),
    ]);
  });

  it('reports an impossible date once, without a second complaint about the order', () => {
    expect(ShopperQuery.safeParse({ checkIn: '2026-02-30', checkOut: '2026-02-01' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['checkIn'], message: 'must be a calendar date yyyy-MM-dd' }),
    ]);
  });

  it('requires both dates', () => {
    const result = ShopperQuery.safeParse({ checkIn: stay.checkIn });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['checkOut']]);
  });

  it.each([
    ['adults', '0'],
    ['adults', '11'],
    ['children', '-1'],
    ['children', '11'],
    ['channel', 'OTA_09'],
    ['channel', 'ota_01'],
    ['currency', 'EURO'],
    ['rateId', ''],
    ['rateId', 'R'.repeat(65)],
  ])('names %s when it is %j', (param, value) => {
    const result = ShopperQuery.safeParse({ ...stay, [param]: value });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([[param]]);
  });
});

describe('ShopperResponse', () => {
  const data: ShopperData = {
    currency: 'EUR',
    channels: [
      { source_id: 'OTA_01', source_name: 'Booker', price: 231.4 },
      { source_id: 'CRS_02', source_name: 'Voyager', price: 248 },
    ],
    rates: [
      {
        price: 220,
        roomId: 'DBL',
        rateId: 'BAR',
        beRateId: ['BAR-1'],
        roomName: 'Double room',
        cancellationPolicy: 'Free cancellation until 2 days before arrival',
        board: 'Bed and breakfast',
        extras: ['Parking'],
        partnerRate: false,
        lowestRate: true,
      },
    ],
  };
  const response = {
    data,
    summary: {
      directPrice: 220,
      cheapestChannel: data.channels[0],
      parity: 'DIRECT_CHEAPER',
      differencePercent: 5.18,
    },
    metadata: { apiVersion: '1.0.0', requestId: 'req_1', collectedAt: '2026-02-20T08:00:00.000Z' },
    error: null,
  };

  it('serialises a full response as Fastify does, by encoding it', () => {
    expect(z.encode(ShopperResponse, ShopperResponse.parse(response))).toEqual(response);
  });

  it('allows a summary with nothing to compare', () => {
    const summary = { directPrice: null, cheapestChannel: null, parity: null, differencePercent: null };
    expect(ShopperResponse.safeParse({ ...response, summary }).success).toBe(true);
  });

  it('keeps the contract’s snake_case channel keys', () => {
    const camelCased = { ...data, channels: [{ sourceId: 'OTA_01', sourceName: 'Booker', price: 231.4 }] };
    expect(ShopperResponse.safeParse({ ...response, data: camelCased }).success).toBe(false);
  });

  it('refuses a parity verdict outside the enum', () => {
    const summary = { ...response.summary, parity: 'CHEAPER' };
    expect(ShopperResponse.safeParse({ ...response, summary }).error?.issues[0]?.path).toEqual(['summary', 'parity']);
  });
});
