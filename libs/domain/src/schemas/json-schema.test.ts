import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as schemas from './index.js';

/**
 * Every schema must survive the conversions its consumers make: OpenAPI 3.0 and JSON Schema 2020-12 through
 * @fastify/type-provider-zod (requests as input, responses as output), draft-07 through the MCP SDK, both
 * directions each. A `.transform()` or `z.custom()` slipped into a schema fails here, not at server start.
 */
const exported: [name: string, schema: z.ZodType][] = [];
for (const [name, value] of Object.entries(schemas)) {
  if (value instanceof z.ZodType) exported.push([name, value]);
}
const targets = ['draft-2020-12', 'draft-07', 'openapi-3.0'] as const;
const directions = ['input', 'output'] as const;

describe('JSON Schema conversion', () => {
  it('finds the schemas to convert', () => {
    expect(exported.length).toBeGreaterThan(50);
  });

  for (const io of directions) {
    for (const target of targets) {
      it.each(exported)(`converts %s to ${target} ${io}`, (_name, schema) => {
        expect(() => z.toJSONSchema(schema, { io, target })).not.toThrow();
      });
    }
  }

  it.each(directions)('converts every registered component at once, as the OpenAPI generator does (%s)', (io) => {
    const { schemas: components } = z.toJSONSchema(z.globalRegistry, {
      io,
      cycles: 'ref',
      uri: (id) => `#/components/schemas/${id}`,
    });
    expect(Object.keys(components)).toEqual(
      expect.arrayContaining(['ShopperResponse', 'ReviewsResponse', 'AvailabilityMultiResponse', 'ErrorEnvelope', 'AvailabilityError']),
    );
  });

  it('documents each query parameter with its description, bounds and default', () => {
    const query = z.toJSONSchema(schemas.ShopperQuery, { io: 'input' });
    expect(query.required).toEqual(['checkIn', 'checkOut']);
    expect(query.properties?.['adults']).toMatchObject({
      default: 2,
      description: 'Number of adults, 1 to 10.',
      anyOf: [{ type: 'integer', minimum: 1, maximum: 10 }, { type: 'string' }],
    });
    expect(query.properties?.['currency']).toMatchObject({ default: 'EUR', description: expect.stringContaining('Currency') });
  });

  it('writes request enums inline, so parameters keep their description and default', () => {
    const query = z.toJSONSchema(schemas.AvailabilityMultiQuery, { io: 'input' });
    expect(query.properties?.['device']).toEqual({
      type: 'string',
      enum: ['DESKTOP', 'MOBILE'],
      default: 'DESKTOP',
      description: 'Device the widget runs on.',
    });
  });

  it('gives MCP clients argument schemas without references', () => {
    for (const tool of Object.values(schemas.mcpTools)) {
      expect(JSON.stringify(z.toJSONSchema(tool.input, { io: 'input', target: 'draft-07' }))).not.toContain('$ref');
    }
  });

  it('names the resources as OpenAPI components and describes their fields', () => {
    const { schemas: components } = z.toJSONSchema(z.globalRegistry, { io: 'output' });
    expect(components['ShopperRate']).toMatchObject({
      description: expect.any(String),
      properties: { cancellationPolicy: { type: 'string', description: 'Cancellation policy, translated.' } },
    });
  });
});
