import { sql, type Kysely } from 'kysely';

/**
 * The per-night tables' reference checks (0003) look up each distinct parent a statement wrote
 * once, not once per row written: a load's batch of 10,000 room nights names about a hundred rooms.
 */
const STATEMENTS = [
  `CREATE OR REPLACE FUNCTION property_nights_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF EXISTS (SELECT FROM (SELECT DISTINCT property_code FROM written) w
                WHERE NOT EXISTS (SELECT FROM properties p WHERE p.code = w.property_code)) THEN
       RAISE foreign_key_violation USING MESSAGE = 'property_nights: a night of an unknown property';
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION room_nights_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF EXISTS (SELECT FROM (SELECT DISTINCT property_code, room_code FROM written) w
                WHERE NOT EXISTS (SELECT FROM rooms r WHERE r.property_code = w.property_code AND r.code = w.room_code)) THEN
       RAISE foreign_key_violation USING MESSAGE = 'room_nights: a night of an unknown room';
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION stop_sells_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF EXISTS (SELECT FROM (SELECT DISTINCT property_code, room_code, rate_plan_code FROM written) w
                WHERE NOT EXISTS (SELECT FROM rooms r WHERE r.property_code = w.property_code AND r.code = w.room_code)
                   OR NOT EXISTS (SELECT FROM rate_plans rp WHERE rp.property_code = w.property_code AND rp.code = w.rate_plan_code)) THEN
       RAISE foreign_key_violation USING MESSAGE = 'stop_sells: a stop-sell of an unknown room or rate plan';
     END IF;
     RETURN NULL;
   END $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}
