import { negotiateLanguage } from '@hotelapi/i18n';
import type { FastifyInstance } from 'fastify';

/**
 * Every request gets a negotiated `language`; routes marked `config: { translated: true }` say
 * which one they answered in (`Content-Language`) and that the answer varies with the header.
 */
export function negotiateLanguages(app: FastifyInstance): void {
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = negotiateLanguage(request.headers['accept-language']);
  });
  app.addHook('onSend', async (request, reply) => {
    if (!request.routeOptions.config.translated) return;
    reply.header('content-language', request.language);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
  });
}
