import { mcpTools } from '@hotelapi/domain';
import { pickText, translator } from '@hotelapi/i18n';
import { parityView } from '../../services/parity.js';
import { defineTool } from './tool.js';

/** `get_property_parity`: the REST parity view (`parityView`), its envelope summary folded into `data`. */
export const getPropertyParity = defineTool(mcpTools.get_property_parity, async ({ services, property, args, language }) => {
  const { data, summary } = await parityView(services, property, args);
  const t = translator(language);
  const lost = summary.channels.filter((channel) => channel.lost > 0).length;
  const text = t.t('mcp.parity', {
    name: pickText(property.name, language),
    from: t.date(data.from),
    to: t.date(data.to),
    channels: summary.channels.length,
    lost,
  });
  return { data: { ...data, summary: summary.channels }, summary: text };
});
