import type { McpEventToolName, McpToolName } from '@hotelapi/domain';
import { getParityAlerts } from './get-parity-alerts.js';
import { getPropertyAvailabilitySingle } from './get-property-availability-single.js';
import { getPropertyInfo } from './get-property-info.js';
import { getPropertyLowestMonthlyRates } from './get-property-lowest-monthly-rates.js';
import { getPropertyParity } from './get-property-parity.js';
import { getPropertyReviews } from './get-property-reviews.js';
import { getPropertyRooms } from './get-property-rooms.js';
import { shopPropertyRate } from './shop-property-rate.js';
import type { HotelTool } from './tool.js';

/** The six tools of the contract and our seventh (parity), by the name `tools/call` uses, in the order `tools/list` shows them. */
export const HOTEL_TOOLS: Readonly<Record<McpToolName, HotelTool>> = {
  get_property_info: getPropertyInfo,
  get_property_rooms: getPropertyRooms,
  get_property_reviews: getPropertyReviews,
  get_property_lowest_monthly_rates: getPropertyLowestMonthlyRates,
  shop_property_rate: shopPropertyRate,
  get_property_availability_single: getPropertyAvailabilitySingle,
  get_property_parity: getPropertyParity,
};

/** The tools over the change feed, listed last. */
export const HOTEL_EVENT_TOOLS: Readonly<Record<McpEventToolName, HotelTool>> = {
  get_parity_alerts: getParityAlerts as HotelTool,
};

export type { HotelTool, ToolAnswer, ToolCall, ToolContext } from './tool.js';
