import { addDays } from '@hotelapi/domain';

interface Parameter {
  name: string;
  example?: unknown;
}

interface Document {
  paths?: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

/**
 * Example values for the parameters of every operation, so that /docs's "Try it out" works as it
 * stands: sandbox codes, and stays a month after `today` (any fixed date would fall into the past).
 * A parameter that already has an example keeps it.
 */
export function withParameterExamples<Doc extends object>(document: Doc, today: string): Doc {
  const examples: Record<string, unknown> = {
    code: 'ACME001',
    chainCode: 'ACME',
    propertyCode: 'ACME001',
    checkIn: addDays(today, 30),
    checkin: addDays(today, 30),
    checkOut: addDays(today, 33),
    checkout: addDays(today, 33),
    from: addDays(today, 30),
    to: addDays(today, 59),
    since: addDays(today, -7),
    currency: 'EUR',
    adults: 2,
  };
  for (const operations of Object.values((document as Document).paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (parameter.example === undefined && parameter.name in examples) parameter.example = examples[parameter.name];
      }
    }
  }
  return document;
}
