/** `POST /v1/data`: what a push answers. The records themselves are data-records.ts'. */
import { z } from 'zod';
import { envelope, ResponseMetadata } from './envelope.js';
import { DataRecordTypes } from './data-records.js';

export const DataPushReceipt = z
  .object({
    records: z.number().int().nonnegative().describe('Records applied (a record pushed again counts again: it was applied again).'),
    counts: z.partialRecord(DataRecordTypes, z.number().int().positive()).describe('Records applied, by type.'),
    dataVersion: z.number().int().positive().describe('The data version that serves them; every instance serves it within a second.'),
  })
  .meta({ id: 'DataPushReceipt', description: 'What a push applied.' });
export type DataPushReceipt = z.infer<typeof DataPushReceipt>;

export const DataPushMetadata = ResponseMetadata.extend({
  durable: z
    .boolean()
    .describe('True when the push is committed to PostgreSQL; false in the embedded sandbox, which keeps pushes in memory until it restarts.'),
  replayed: z.boolean().optional().describe('Present (true) when this answer is the first one of an earlier push with the same Idempotency-Key and body.'),
}).meta({ id: 'DataPushMetadata' });

export const DataPushResponse = envelope({ data: DataPushReceipt, metadata: DataPushMetadata }).meta({
  id: 'DataPushResponse',
  description: 'A push applied, all of it, in the response envelope.',
});
export type DataPushResponse = z.infer<typeof DataPushResponse>;

/** The `Idempotency-Key` header: 1 to 255 printable ASCII characters. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x20-\x7E]{1,255}$/, 'must be 1 to 255 printable ASCII characters')
  .describe('Makes a retry safe: the same key and body within 24 hours replay the first answer instead of writing again.');
