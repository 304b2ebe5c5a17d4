import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  GetPropertyAvailabilitySingleData,
  GetPropertyAvailabilitySingleInput,
  GetPropertyInfoData,
  GetPropertyInfoInput,
  GetPropertyReviewsData,
  GetPropertyReviewsInput,
  McpToolName,
  mcpTools,
  ShopPropertyRateData,
  ShopPropertyRateInput,
} from './mcp-tools.js';

const hotelCode = 'ACME001';
const stay = { hotelCode, checkIn: '2026-03-01', checkOut: '2026-03-03' };

function issuePaths(schema: z.ZodType, value: unknown) {
  return schema.safeParse(value).error?.issues.map((issue) => issue.path) ?? [];
}

describe('mcpTools', () => {
  it('declares exactly the seven tools (the contract’s six and parity), each with an object input and data', () => {
    expect(Object.keys(mcpTools).sort()).toEqual([...McpToolName.options].sort());
    for (const tool of Object.values(mcpTools)) {
      expect(tool.input).toBeInstanceOf(z.ZodObject);
      expect(tool.data).toBeInstanceOf(z.ZodObject);
      expect(tool.description.length).toBeGreaterThan(80);
    }
  });

  it('requires hotelCode from every tool', () => {
    for (const tool of Object.values(mcpTools)) {
      expect(issuePaths(tool.input, {})).toContainEqual(['hotelCode']);
    }
  });

  it('publishes input schemas of type object, as MCP requires', () => {
    for (const tool of Object.values(mcpTools)) {
      expect(z.toJSONSchema(tool.input, { io: 'input', target: 'draft-07' })).toMatchObject({ type: 'object' });
    }
  });
});

describe('get_property_info', () => {
  it('takes only a property code', () => {
    expect(GetPropertyInfoInput.parse({ hotelCode })).toEqual({ hotelCode });
    expect(issuePaths(GetPropertyInfoInput, { hotelCode: { value: hotelCode } })).toEqual([['hotelCode']]);
  });

  it('answers with code, name and booking URL at least', () => {
    const info = { code: hotelCode, name: 'Acme Lisbon Riverside', bookurl: 'https://book.acme.example/ACME001' };
    expect(GetPropertyInfoData.parse(info)).toEqual(info);
    expect(issuePaths(GetPropertyInfoData, { ...info, bookurl: 'book/ACME001' })).toEqual([['bookurl']]);
  });
});

describe('get_property_reviews', () => {
  it('defaults to a verbose first page of 10, newest first', () => {
    expect(GetPropertyReviewsInput.parse({ hotelCode })).toEqual({
      hotelCode,
      page: 1,
      limit: 10,
      sort: 'dateReviewed',
      asc: false,
      verbose: true,
    });
  });

  it('takes languages as a JSON array', () => {
    expect(GetPropertyReviewsInput.parse({ hotelCode, reviewerLanguages: ['EN', 'fr'] }).reviewerLanguages).toEqual(['en', 'fr']);
    expect(issuePaths(GetPropertyReviewsInput, { hotelCode, reviewerLanguages: 'en,fr' })).toEqual([['reviewerLanguages']]);
  });

  it.each([
    ['page', '2'],
    ['limit', '10'],
    ['limit', 0],
    ['limit', 101],
    ['asc', 'true'],
    ['verbose', 'false'],
    ['score', 'great'],
  ])('refuses %s=%j: arguments are plain JSON values, not query text', (argument, value) => {
    expect(issuePaths(GetPropertyReviewsInput, { hotelCode, [argument]: value })).toEqual([[argument]]);
  });

  it('answers without the verbose parts, or with them', () => {
    const page = { score: null, reviews: 0, userReviews: [], totalFound: 0, totalPages: 0 };
    expect(GetPropertyReviewsData.parse(page)).toEqual(page);
    const verbose = { ...page, channels: [], facilities: null, tripTypes: {} };
    expect(GetPropertyReviewsData.parse(verbose)).toEqual(verbose);
  });
});

describe('shop_property_rate', () => {
  it('defaults to two adults and no children', () => {
    expect(ShopPropertyRateInput.parse(stay)).toEqual({ ...stay, adults: 2, children: 0 });
  });

  it('refuses "2" for an integer, and a check-out not after check-in', () => {
    expect(issuePaths(ShopPropertyRateInput, { ...stay, adults: '2' })).toEqual([['adults']]);
    expect(issuePaths(ShopPropertyRateInput, { ...stay, checkOut: stay.checkIn })).toEqual([['checkOut']]);
  });

  it('answers with the rate fields an agent needs and nothing else', () => {
    const rate = { price: 220, roomId: 'DBL', rateId: 'BAR', roomName: 'Double room', lowestRate: true };
    const withExtras = { ...rate, beRateId: ['BAR-1'], board: 'Room only' };
    expect(ShopPropertyRateData.parse({ currency: 'EUR', rates: [withExtras] })).toEqual({ currency: 'EUR', rates: [rate] });
  });
});

describe('get_property_availability_single', () => {
  const request = { ...stay, adults: 2, currency: 'eur' };

  it('requires adults and currency, and nothing else beyond the stay', () => {
    expect(GetPropertyAvailabilitySingleInput.parse(request)).toEqual({ ...request, currency: 'EUR' });
    expect(issuePaths(GetPropertyAvailabilitySingleInput, stay)).toEqual([['adults'], ['currency']]);
  });

  it.each([
    ['adults', '2'],
    ['children', '1'],
    ['infants', -1],
    ['rooms', 0],
    ['device', 'TABLET'],
    ['lang', 'portuguese'],
    ['timezone', 'Europe/Lisboa'],
    ['remoteCountry', 'PRT'],
  ])('names %s when it is %j', (argument, value) => {
    expect(issuePaths(GetPropertyAvailabilitySingleInput, { ...request, [argument]: value })).toEqual([[argument]]);
  });

  it('accepts the optional arguments', () => {
    const full = {
      ...request,
      children: 1,
      infants: 1,
      rooms: 2,
      device: 'MOBILE',
      lang: 'pt-BR',
      timezone: 'Europe/Lisbon',
      remoteCountry: 'br',
    };
    expect(GetPropertyAvailabilitySingleInput.parse(full)).toEqual({ ...full, currency: 'EUR', remoteCountry: 'BR' });
  });

  it('echoes the request next to the rates', () => {
    const data = {
      hotelCode,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      adults: 2,
      currency: 'EUR',
      rates: [
        {
          id: 'DBL-BAR',
          room: 'DBL',
          roomDesc: 'Double room',
          rate: 'BAR',
          rateDesc: 'Best available rate',
          board: 3,
          boardDesc: 'Bed and breakfast',
          minStay: 1,
          remaining: 4,
          status: 'AVL',
          statusDesc: 'Available',
          pricing: { price: 220, memberPrice: 209, excludedCharges: 8, discount: 0 },
          bookingUrl: 'https://book.acme.example/ACME001?room=DBL&rate=BAR',
        },
      ],
    };
    expect(z.encode(GetPropertyAvailabilitySingleData, GetPropertyAvailabilitySingleData.parse(data))).toEqual(data);
    expect(issuePaths(GetPropertyAvailabilitySingleData, { ...data, rates: [{ ...data.rates[0], status: 'OPEN' }] })).toEqual([
      ['rates', 0, 'status'],
    ]);
  });
});
