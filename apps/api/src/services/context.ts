import type { Connectors } from '@hotelapi/connectors';
import type { ChannelType, StayPolicy } from '@hotelapi/domain';
import type { PropertyDirectory } from './property-directory.js';

/** What the services that answer REST routes and MCP tools alike need, built once per process. */
export interface ApiServices {
  readonly connectors: Connectors;
  readonly directory: PropertyDirectory;
  readonly stayPolicy: StayPolicy;
  /** Display names of the channels this deployment shops; only these are returned. */
  readonly channelNames: Readonly<Partial<Record<ChannelType, string>>>;
  /** The clock; injectable so tests can pin "today". */
  readonly now: () => Date;
}
