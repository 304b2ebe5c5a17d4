import type { FastifyInstance } from 'fastify';
import { apiKeyInQuery } from '../../failures/operational-errors.js';
import { SECRET_QUERY_PARAMS } from '../../observability/log-redaction.js';

const KEY_PARAMS = new Set(SECRET_QUERY_PARAMS.map((name) => name.toLowerCase()));

/**
 * An API key in a URL is refused (400 `api_key_in_query`), never tried: a URL is kept in proxy
 * logs, browser histories and Referer headers, and the contract wants keys in `Authorization`.
 * Any spelling of `api_key`, `apiKey`, `key`, `token` or `access_token` counts.
 */
export function refuseApiKeysInQuery(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    const param = query && Object.keys(query).find((name) => KEY_PARAMS.has(name.toLowerCase()));
    done(param === undefined ? undefined : apiKeyInQuery(param));
  });
}
