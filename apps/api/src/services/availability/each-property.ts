/**
 * How many lookups one request runs at once where a port has no set-based method (a shop per
 * arrival date, a stay per property): enough to overlap PostgreSQL round trips, few enough to
 * leave the pool to other requests.
 */
export const LOOKUPS_AT_ONCE = 4;
