import { canReadProperty, readsEverything, type ApiKeyPrincipal } from '@hotelapi/auth';
import type { Property } from '@hotelapi/connectors';
import { ApiFailure } from '../failures/api-failure.js';
import type { ApiServices } from './context.js';

/**
 * The property a key asked for, once it may read it. The grant is checked before any connector
 * is called. A key limited to some properties gets 403 whether or not the code exists (so codes
 * cannot be probed); a key that reads everything gets 404 for an unknown code.
 */
export async function readableProperty(
  services: Pick<ApiServices, 'connectors' | 'directory'>,
  principal: ApiKeyPrincipal,
  propertyCode: string,
  param = 'code',
): Promise<Property> {
  if (!canReadProperty(principal, propertyCode, services.directory.chainOf)) {
    throw new ApiFailure('property_forbidden', `This API key may not read property ${propertyCode}.`, { param });
  }
  const property = await services.connectors.catalog.getProperty(propertyCode);
  if (!property) {
    // Only a key that reads everything can get here for an unknown code.
    if (!readsEverything(principal)) throw new ApiFailure('property_forbidden', `This API key may not read property ${propertyCode}.`, { param });
    throw new ApiFailure('property_not_found', `There is no property ${propertyCode}.`, { param });
  }
  return property;
}
