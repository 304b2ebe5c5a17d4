import { sql, type Kysely } from 'kysely';

/**
 * A calendar write updates a night's figures, never its key: checking every updated row's
 * references (0003's statement-level UPDATE triggers) cost a pass over the whole batch for
 * nothing. Only an update of a key column is checked now, row by row, as a foreign key would
 * (`UPDATE OF`: the writer's upserts set figures only, so these never fire for them).
 * The nights' pages keep a tenth free (from the pages written next on), so that a night's new
 * figures fit beside the old ones: an update then touches no index (a HOT update).
 * Events are pruned in sequence order (postgres-event-log.ts), so the index on their time, kept up
 * at every append under the append lock, goes. The nights a write moved are one row of parity
 * work per write (parallel arrays: property, first and last night), not one row per property.
 */
const STATEMENTS = [
  `CREATE TABLE parity_night_checks (
     id bigserial PRIMARY KEY,
     properties text[] NOT NULL,
     first_nights date[] NOT NULL,
     last_nights date[] NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now())`,
  `DROP INDEX events_occurred_at`,
  `ALTER TABLE room_nights SET (fillfactor = 90)`,
  `ALTER TABLE property_nights SET (fillfactor = 90)`,
  `DROP TRIGGER property_nights_update_references ON property_nights`,
  `DROP TRIGGER room_nights_update_references ON room_nights`,
  `CREATE FUNCTION property_nights_check_key() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NOT EXISTS (SELECT FROM properties p WHERE p.code = NEW.property_code) THEN
       RAISE foreign_key_violation USING MESSAGE = 'property_nights: a night of an unknown property';
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION room_nights_check_key() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NOT EXISTS (SELECT FROM rooms r WHERE r.property_code = NEW.property_code AND r.code = NEW.room_code) THEN
       RAISE foreign_key_violation USING MESSAGE = 'room_nights: a night of an unknown room';
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER property_nights_key_references AFTER UPDATE OF property_code ON property_nights
     FOR EACH ROW EXECUTE FUNCTION property_nights_check_key()`,
  `CREATE TRIGGER room_nights_key_references AFTER UPDATE OF property_code, room_code ON room_nights
     FOR EACH ROW EXECUTE FUNCTION room_nights_check_key()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
