import type { Migration } from 'kysely/migration';
import * as hotelData0001 from './0001_hotel_data.js';
import * as hotelData0002 from './0002_data_version.js';
import * as hotelData0003 from './0003_ari_reference_checks.js';
import * as hotelData0004 from './0004_pushed_writes.js';
import * as hotelData0005 from './0005_events.js';
import * as hotelData0006 from './0006_webhooks.js';
import * as hotelData0007 from './0007_webhook_owner_grants.js';
import * as hotelData0008 from './0008_write_speed.js';
import * as hotelData0009 from './0009_event_appends.js';
import * as hotelData0010 from './0010_night_checks_per_key.js';

/**
 * Every hotel-data migration, by name, in order. Forward-only: a released migration is never
 * edited; a change is a new file here. An import map rather than a folder scan, so it works the
 * same from sources, from a build and from a bundle.
 */
export const HOTEL_DATA_MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_hotel_data': hotelData0001,
  '0002_data_version': hotelData0002,
  '0003_ari_reference_checks': hotelData0003,
  '0004_pushed_writes': hotelData0004,
  '0005_events': hotelData0005,
  '0006_webhooks': hotelData0006,
  '0007_webhook_owner_grants': hotelData0007,
  '0008_write_speed': hotelData0008,
  '0009_event_appends': hotelData0009,
  '0010_night_checks_per_key': hotelData0010,
};
