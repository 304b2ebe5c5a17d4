import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Below this many bytes an answer goes out as it is: compressing costs more time than the bytes
 * it saves on a link, and the REST answers that have speed targets stay under it.
 */
export const COMPRESSION_THRESHOLD_BYTES = 16 * 1024;

/**
 * Answers above the threshold compressed as the client's `Accept-Encoding` asks (Brotli, else
 * gzip), with `Vary: Accept-Encoding`. Register it before the routes: it hooks each route as it
 * is added. Replies handed over to the MCP transport (`hijack`) are written by the transport and
 * go out uncompressed. Request bodies are not decompressed: no client of ours sends them compressed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESSION_THRESHOLD_BYTES, globalDecompression: false });
}
