import type { SupportedLanguage } from '@hotelapi/domain';
import { negotiateLanguage } from '@hotelapi/i18n';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this response is written in, negotiated from Accept-Language. */
    language: SupportedLanguage;
  }
  interface FastifyContextConfig {
    /** The route answers in the negotiated language: send Content-Language and Vary. */
    translated?: boolean;
  }
}

/**
 * Every request gets a negotiated `language`; routes marked `config: { translated: true }` say
 * which one they answered in (`Content-Language`) and that the answer varies with the header.
 * Not encapsulated: every route of the app, REST and MCP, answers in the caller's language.
 */
export const languageNegotiation = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('language', 'en');
    app.addHook('onRequest', (request, _reply, done) => {
      request.language = negotiateLanguage(request.headers['accept-language']);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.routeOptions.config.translated) {
        reply.header('content-language', request.language);
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
      }
      done(null, payload);
    });
  },
  { name: 'language-negotiation' },
);
