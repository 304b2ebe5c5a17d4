/**
 * The REST envelope `{ data, summary, metadata, error }` that wraps every response except multi-property
 * availability's. Success fills `data` and leaves `error` null; failure does the reverse.
 */

import { z } from 'zod';
import { ErrorBody } from './errors.js';

/** What every envelope's metadata carries; resources `.extend()` it with their own context. */
export const ResponseMetadata = z
  .object({
    apiVersion: z.string().describe('Version of the API that answered, e.g. 1.0.0.'),
    requestId: z.string().describe('Identifier of the request, as in the X-Request-Id header.'),
    stale: z
      .boolean()
      .optional()
      .describe(
        'Present (true) when a data source failed and its last good answer was served instead, as the ' +
          '`X-Data-Stale: true` header also says. The answer keeps its own times (`collectedAt`, `timeUpdated`), ' +
          'which tell how old it is.',
      ),
  })
  .meta({ id: 'ResponseMetadata', description: 'Context of a response: API version and request identifier.' });
export type ResponseMetadata = z.infer<typeof ResponseMetadata>;

/** The contract leaves a summary's contents open; a resource without its own summary returns this map. */
export const OpenSummary = z.record(z.string(), z.unknown()).describe('Summary of the core data.');
export type OpenSummary = z.infer<typeof OpenSummary>;

export interface EnvelopeParts<Data extends z.ZodType, Summary extends z.ZodType, Metadata extends z.ZodType> {
  /** The core payload; the envelope makes it nullable for error responses. */
  readonly data: Data;
  /** Figures derived from `data`; an open map when omitted. */
  readonly summary?: Summary;
  readonly metadata: Metadata;
}

/** The success envelope of one resource. Register the result with `.meta({ id })` to name it in OpenAPI. */
export function envelope<Data extends z.ZodType, Metadata extends z.ZodType, Summary extends z.ZodType = typeof OpenSummary>({
  data,
  summary,
  metadata,
}: EnvelopeParts<Data, Summary, Metadata>) {
  return z.object({
    data: data.nullable(),
    // Without a summary schema the caller gets the open map, which is what the `Summary` default promises.
    summary: (summary ?? OpenSummary) as Summary,
    metadata,
    error: ErrorBody.nullable(),
  });
}

/** Every 4xx and 5xx of the REST envelope endpoints. */
export const ErrorEnvelope = z
  .object({
    data: z.null(),
    summary: OpenSummary,
    metadata: ResponseMetadata,
    error: ErrorBody,
  })
  .meta({ id: 'ErrorEnvelope', description: 'A failed request: data is null and error says why.' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
