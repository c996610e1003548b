/**
 * The range of PostgreSQL's `integer` (int4), the type of every count, quantity, version and öre
 * amount Torget stores. A payload's number is bounded inside it, so an out-of-range value is a
 * 400 naming the field, never the database's "value out of range" (a 500).
 */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;
