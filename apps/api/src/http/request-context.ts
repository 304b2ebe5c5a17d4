import type { ApiKeyPrincipal } from '@hotelapi/auth';
import type { SupportedLanguage } from '@hotelapi/domain';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's key, on routes that require one (set by the API-key hook). */
    principal: ApiKeyPrincipal | null;
    /** The language this response is written in, negotiated from Accept-Language. */
    language: SupportedLanguage;
  }
  interface FastifyContextConfig {
    /** The route answers in the negotiated language: send Content-Language and Vary. */
    translated?: boolean;
  }
}
