/**
 * The collation of identifiers and names: byte order, so that lists ordered by name or broken
 * by id come out the same on every server whatever its locale (and as the in-memory adapters
 * order them), and so that the indexes behind those orders stay cheap to compare.
 */
export const BYTE_ORDER = 'C'
