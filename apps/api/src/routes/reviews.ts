import { ReviewsQuery, ReviewsResponse } from '@hotelapi/domain';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { KeptEnvelopes } from '../http/serialization/kept-envelopes.js';
import type { ReviewsAnswer } from '../services/property-answers.js';
import { reviewsOfProperty } from '../services/reviews.js';
import { propertyRouteSchema, requestedProperty } from './property-route.js';
import type { V1RouteOptions } from './v1-route-options.js';

/**
 * The documented path, and the singular one a sample in the contract uses. Clients copied from
 * that sample keep working; the OpenAPI document shows only the plural, so nobody new adopts it.
 */
const PATHS = [
  { url: '/reviews/:code', hide: false },
  { url: '/review/:code', hide: true },
] as const;

/** Answers are reused for a moment, and so is their JSON. */
const envelopes = new KeptEnvelopes(ReviewsResponse, (answer: ReviewsAnswer) => ({
  data: answer.data,
  summary: answer.summary,
  metadata: {
    ...answer.page,
    countries: answer.countries,
    filterTotals: answer.filterTotals,
    sortingOptions: answer.sortingOptions,
  },
}));

export async function reviewsRoutes(app: FastifyInstance, { services }: V1RouteOptions): Promise<void> {
  for (const { url, hide } of PATHS) {
    app.withTypeProvider<ZodTypeProvider>().get(
      url,
      {
        schema: propertyRouteSchema({
          hide,
          tags: ['reviews'],
          // The alias is hidden from the document, so only the documented path names the operation.
          ...(hide ? {} : { operationId: 'listReviews' }),
          summary: 'Fetch reviews',
          description:
            'One page of the guest reviews of a property, with per-source and overall scores, the reviewer countries ' +
            'and how many reviews each category, score band and season would match alongside the other filters. ' +
            'Filters combine with AND. Scores are on a 10-point scale except each source’s own average in `channels`. ' +
            'Hidden reviews are never shown or counted. `mostRelevant` ranks by 4·[review in your language] + ' +
            '2·[has a title or text] + recency (0 for the oldest review to 1 for the newest); every sort breaks ' +
            'ties by review id, so pages never repeat or skip a review. `verbose=true` adds facility scores and trip types.',
          querystring: ReviewsQuery,
          response: { 200: ReviewsResponse },
        }),
        config: { translated: true },
      },
      async (request, reply) => {
        const property = await requestedProperty(services, request);
        const answer = await reviewsOfProperty(services, property, request.query, request.language);
        return envelopes.send(request, reply, answer);
      },
    );
  }
}
