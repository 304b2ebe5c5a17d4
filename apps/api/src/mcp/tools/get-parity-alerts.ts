import { mcpEventTools, type GetParityAlertsData, type GetParityAlertsInput, type HotelEvent } from '@hotelapi/domain';
import { translator } from '@hotelapi/i18n';
import { listEvents } from '../../services/events/feed.js';
import type { HotelTool } from './tool.js';

const PAGE = 500;

/**
 * `get_parity_alerts`: the newest parity events of a property or chain, read through the change
 * feed's `listEvents` under the caller's grants (a property outside them is refused; a chain gives
 * only the properties the caller may read).
 */
export const getParityAlerts: HotelTool<GetParityAlertsInput, GetParityAlertsData> = {
  definition: mcpEventTools.get_parity_alerts,
  async answer(args, { services, caller }) {
    const query = { types: ['parity.breach', 'parity.restored'] as const, property: args.hotelCode, chain: args.chainCode, limit: PAGE };
    // The feed runs oldest first: read it through, keeping the newest.
    let recent: HotelEvent[] = [];
    let page = await listEvents(services, caller.principal, query);
    for (;;) {
      recent = [...recent, ...page.events].slice(-args.limit);
      if (!page.hasMore) break;
      page = await listEvents(services, caller.principal, { ...query, after: page.nextCursor });
    }
    const alerts = recent.reverse();
    const breaches = alerts.filter((event) => event.type === 'parity.breach').length;
    const summary = translator(caller.language).t('mcp.parityAlerts', {
      count: alerts.length,
      place: args.hotelCode ?? args.chainCode ?? '',
      breaches,
      restored: alerts.length - breaches,
    });
    return { data: { alerts }, summary };
  },
};
