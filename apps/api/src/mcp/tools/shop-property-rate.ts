import { mcpTools, type ShopPropertyRateData } from '@hotelapi/domain';
import { pickText, translator } from '@hotelapi/i18n';
import { shopProperty } from '../../services/shopper.js';
import { defineTool } from './tool.js';

/** The REST shopper's default currency: the tool takes no `currency` argument. */
const SHOPPER_CURRENCY = 'EUR';

/**
 * `shop_property_rate`: the REST shopper's own code (`shopProperty`), its answer cut down to the
 * rate fields the tool declares.
 */
export const shopPropertyRate = defineTool(mcpTools.shop_property_rate, async ({ services, property, args, language }) => {
  const { checkIn, checkOut, adults, children, rateId, channel } = args;
  const query = { checkIn, checkOut, adults, children, rateId, channel, currency: SHOPPER_CURRENCY };
  const shopped = await shopProperty(services, property, query, language);
  const data: ShopPropertyRateData = {
    currency: shopped.data.currency,
    rates: shopped.data.rates.map(({ price, roomId, rateId, roomName, lowestRate }) => ({ price, roomId, rateId, roomName, lowestRate })),
  };

  const t = translator(language);
  const params = { name: pickText(property.name, language), checkIn: t.date(checkIn), checkOut: t.date(checkOut) };
  const [first] = data.rates;
  const summary = first
    ? t.t('mcp.shopRate', { ...params, price: t.money(first.price, data.currency), roomName: first.roomName })
    : t.t('mcp.shopRateNone', params);
  return { data, summary };
});
