import { mcpTools, type GetPropertyReviewsData } from '@hotelapi/domain';
import { pickText, translator } from '@hotelapi/i18n';
import { reviewsOfProperty } from '../../services/reviews.js';
import { defineTool } from './tool.js';

/**
 * `get_property_reviews`: the REST reviews code (`reviewsOfProperty`: same filters, sorting and
 * paging), its answer cut down to the tool's fields. Verbose by default, as the contract says;
 * the per-source scores come with the verbose parts, since they too are detail an agent may skip.
 */
export const getPropertyReviews = defineTool(mcpTools.get_property_reviews, async ({ services, property, args, language }) => {
  const { data: reviews, page } = await reviewsOfProperty(services, property, args, language);
  const data: GetPropertyReviewsData = {
    score: reviews.score,
    reviews: reviews.reviews,
    userReviews: reviews.userReviews,
    ...(args.verbose && {
      channels: reviews.channels,
      ...('facilities' in reviews && { facilities: reviews.facilities }),
      ...(reviews.tripTypes && { tripTypes: reviews.tripTypes }),
    }),
    totalFound: page.totalFound,
    totalPages: page.totalPages,
  };

  const t = translator(language);
  const name = pickText(property.name, language);
  const summary =
    data.score === null
      ? t.t('mcp.propertyReviewsNone', { name })
      : t.t('mcp.propertyReviews', { name, score: data.score, reviews: data.reviews, page: page.page, totalPages: page.totalPages });
  return { data, summary };
});
