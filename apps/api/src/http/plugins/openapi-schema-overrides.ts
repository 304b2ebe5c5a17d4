import { documentedQueryType } from '@hotelapi/domain';
import { z } from 'zod';

type Override = NonNullable<NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override']>;
type OverrideContext = Parameters<Override>[0];

/**
 * How the OpenAPI document describes some schemas, where zod's JSON Schema says less than the API
 * means. Validation never reads it: only the document changes.
 */
export const describeForOpenApi: Override = (context) => {
  documentQueryParameterAsTyped(context);
  documentEnumKeyedRecord(context);
};

/**
 * A query parameter is documented as the value the API takes (`rating`: an array of integers 1 to
 * 5; `adults`: an integer 1 to 10), not as the text a URL carries it in, which its codec reads and
 * which generated clients then cannot type. Default and description stay with the wrappers.
 */
function documentQueryParameterAsTyped({ zodSchema, jsonSchema }: OverrideContext): void {
  const documented = documentedQueryType(zodSchema);
  if (!documented) return;
  // The parameter sits inside the document, which names its dialect once: drop the schema's own.
  const typed: Record<string, unknown> = { ...z.toJSONSchema(documented, { io: 'output', unrepresentable: 'any' }) };
  delete typed.$schema;
  for (const key of Object.keys(jsonSchema)) if (key !== 'description') delete jsonSchema[key];
  Object.assign(jsonSchema, typed);
}

/**
 * A record keyed by an enum (the review facets: a count for every category) has every key: named
 * as properties, which linters and code generators read, rather than as `propertyNames` whose
 * required keys no property defines.
 */
function documentEnumKeyedRecord({ zodSchema, jsonSchema }: OverrideContext): void {
  if (!(zodSchema instanceof z.ZodRecord) || !(zodSchema.keyType instanceof z.ZodEnum) || typeof jsonSchema.additionalProperties !== 'object') return;
  const keys = zodSchema.keyType.options.map(String);
  const value = jsonSchema.additionalProperties;
  jsonSchema.properties = Object.fromEntries(keys.map((key) => [key, value]));
  jsonSchema.required = keys;
  jsonSchema.additionalProperties = false;
  delete jsonSchema.propertyNames;
}
