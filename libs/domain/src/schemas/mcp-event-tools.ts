/**
 * MCP tools over the change feed: what changed, as the webhooks tell it. Their arguments name a
 * property or a chain; only events the caller's grants may read are answered.
 */

import { z } from 'zod';
import { HotelEvent } from './events.js';
import type { McpToolDefinition } from './mcp-tools.js';
import { ChainCode, PropertyCode } from './property.js';

// get_parity_alerts

export const GetParityAlertsInput = z
  .object({
    hotelCode: PropertyCode.optional().describe('The property whose alerts to give, e.g. ACME001.'),
    chainCode: ChainCode.optional().describe('Or a chain: the alerts of its properties the caller may read.'),
    limit: z.int().min(1).max(100).default(20).describe('Most alerts, newest first (1 to 100, default 20).'),
  })
  .refine((args) => (args.hotelCode === undefined) !== (args.chainCode === undefined), { message: 'give hotelCode or chainCode, one of them', path: ['hotelCode'] });
export type GetParityAlertsInput = z.infer<typeof GetParityAlertsInput>;

export const GetParityAlertsData = z.object({
  alerts: z.array(HotelEvent).describe('parity.breach and parity.restored events, newest first.'),
});
export type GetParityAlertsData = z.infer<typeof GetParityAlertsData>;

export const McpEventToolName = z.enum(['get_parity_alerts']);
export type McpEventToolName = z.infer<typeof McpEventToolName>;

export const mcpEventTools = {
  get_parity_alerts: {
    title: 'Parity alerts',
    description:
      'The recent rate-parity alerts of a property (hotelCode) or a chain (chainCode), newest first: parity.breach when a ' +
      'channel’s price fell below our direct price by more than the tolerance (LOSE), parity.restored when it came back ' +
      '(MEET or WIN). Each gives the arrival date, nights and party, the channel, the room and rate, the direct and channel ' +
      'prices (whole stay, in currency), the undercut in percent, the tolerance and when the channel price was collected. ' +
      'Kept for the change feed’s retention (7 days by default). Use get_property_parity for the current statuses of dates.',
    input: GetParityAlertsInput,
    data: GetParityAlertsData,
  },
} as const satisfies Record<McpEventToolName, McpToolDefinition>;
