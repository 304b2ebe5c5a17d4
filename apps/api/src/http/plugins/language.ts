import type { SupportedLanguage } from '@hotelapi/domain';
import { negotiateLanguage } from '@hotelapi/i18n';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { withHook } from '../route-hooks.js';

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

/** Says which language the answer is in, and that it varies with Accept-Language. */
const sayLanguage: onSendHookHandler = (request, reply, payload, done) => {
  reply.header('content-language', request.language);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
  done(null, payload);
};

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
    // Added to the translated routes as they are declared: asking each request which route it
    // is on (`request.routeOptions`) builds an object every time.
    app.addHook('onRoute', (route) => {
      if (!route.config?.translated) return;
      route.onSend = withHook(route.onSend, sayLanguage);
    });
  },
  { name: 'language-negotiation' },
);
