import { serializerCompiler as zodSerializerCompiler } from '@fastify/type-provider-zod';
import { AvailabilityMultiResponse } from '@hotelapi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../test-support/start-api.js';

const STAY = 'checkin=2026-12-10&checkout=2026-12-13';

/** Large answers of every shape a hotel takes: member prices, children, other currencies and languages, sandbox photos moved to this origin, hotels written before. */
const SEARCHES = [
  `/v1/availability/multi?chainCode=MEGA&${STAY}&currency=EUR`,
  `/v1/availability/multi?chainCode=MEGA&${STAY}&currency=JPY&adults=1&children=1&lang=pt-BR&sortBy=NAME`,
  `/v1/availability/multi?chainCode=MEGA&${STAY}&currency=BHD&rooms=2&lang=de&sortBy=POPULARITY`,
  `/v1/availability/multi?chainCode=ACME&${STAY}&currency=USD&lang=es`,
  // Another stay, English again: each hotel's catalog bytes written by the first search are used again.
  `/v1/availability/multi?chainCode=MEGA&checkin=2026-12-11&checkout=2026-12-15&currency=GBP`,
];

describe('chain answers written hotel slice by hotel slice', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it.each(SEARCHES)('writes %s byte for byte as zod does', async (path) => {
    const response = await api.get(path);
    expect(response.status, response.text).toBe(200);
    const { hotels } = response.body as AvailabilityMultiResponse;
    expect(hotels.length).toBeGreaterThan(0);
    // zod orders keys by its schema, drops what it lacks and leaves out undefined: the same bytes
    // after a round trip through it mean nothing was reordered, added, dropped or reformatted.
    const writtenByZod = zodSerializerCompiler({ schema: AvailabilityMultiResponse, method: 'GET', url: path })(response.body);
    expect(response.text).toBe(writtenByZod);
  });
});
