import { sql, type Kysely } from 'kysely';

/**
 * The per-night tables (property nights, room nights, stop-sells) check their references once per
 * statement instead of once per row. A foreign key runs a lookup and a row lock on the parent for
 * every row written, which was two thirds of the time of loading ARI; a statement-level trigger
 * checks a whole batch with one anti-join over its transition table. Deleting a property, room or
 * rate plan still deletes its nights, by a statement-level trigger too. What is given up: a key
 * change of a referenced room or rate plan is no longer refused (nothing changes keys: the
 * loader upserts on them), and a night written concurrently with the deletion of its room is not
 * refused (nothing deletes catalog rows while loading).
 */
const STATEMENTS = [
  `ALTER TABLE property_nights DROP CONSTRAINT property_nights_property_code_fkey`,
  `ALTER TABLE room_nights DROP CONSTRAINT room_nights_property_code_room_code_fkey`,
  `ALTER TABLE stop_sells DROP CONSTRAINT stop_sells_property_code_room_code_fkey`,
  `ALTER TABLE stop_sells DROP CONSTRAINT stop_sells_property_code_rate_plan_code_fkey`,

  `CREATE FUNCTION property_nights_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF EXISTS (SELECT FROM written w WHERE NOT EXISTS (SELECT FROM properties p WHERE p.code = w.property_code)) THEN
       RAISE foreign_key_violation USING MESSAGE = 'property_nights: a night of an unknown property';
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION room_nights_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF EXISTS (SELECT FROM written w WHERE NOT EXISTS (SELECT FROM rooms r WHERE r.property_code = w.property_code AND r.code = w.room_code)) THEN
       RAISE foreign_key_violation USING MESSAGE = 'room_nights: a night of an unknown room';
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION stop_sells_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF EXISTS (SELECT FROM written w WHERE NOT EXISTS (SELECT FROM rooms r WHERE r.property_code = w.property_code AND r.code = w.room_code)
                   OR NOT EXISTS (SELECT FROM rate_plans rp WHERE rp.property_code = w.property_code AND rp.code = w.rate_plan_code)) THEN
       RAISE foreign_key_violation USING MESSAGE = 'stop_sells: a stop-sell of an unknown room or rate plan';
     END IF;
     RETURN NULL;
   END $$`,
  // A trigger with a transition table answers one event: one for inserts, one for updates.
  ...['property_nights', 'room_nights', 'stop_sells'].flatMap((table) =>
    ['INSERT', 'UPDATE'].map(
      (event) => `CREATE TRIGGER ${table}_${event.toLowerCase()}_references AFTER ${event} ON ${table}
         REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION ${table}_check_references()`,
    ),
  ),

  `CREATE FUNCTION properties_delete_nights() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM property_nights n USING deleted d WHERE n.property_code = d.code;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION rooms_delete_nights() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM room_nights n USING deleted d WHERE n.property_code = d.property_code AND n.room_code = d.code;
     DELETE FROM stop_sells s USING deleted d WHERE s.property_code = d.property_code AND s.room_code = d.code;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION rate_plans_delete_stop_sells() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM stop_sells s USING deleted d WHERE s.property_code = d.property_code AND s.rate_plan_code = d.code;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER properties_delete_nights AFTER DELETE ON properties REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION properties_delete_nights()`,
  `CREATE TRIGGER rooms_delete_nights AFTER DELETE ON rooms REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION rooms_delete_nights()`,
  `CREATE TRIGGER rate_plans_delete_stop_sells AFTER DELETE ON rate_plans REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION rate_plans_delete_stop_sells()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
