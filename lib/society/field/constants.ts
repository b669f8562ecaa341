/**
 * The field app's wire version and limits, shared by the phone and the server. No imports: the phone's first load
 * carries this module, and its form code (zod, react-hook-form) is loaded apart (components/society/field/lazy-parts.ts).
 */
export const FIELD_SYNC_VERSION = 1 as const;
/** Entries a phone sends in one request: a day's round fits in one or two. */
export const MAX_SYNC_BATCH = 200;
/** Largest part of one collection, in taka: far above any daily instalment or saving, below a typing slip of zeros. */
export const MAX_FIELD_AMOUNT = 100_000;
/** An entry recorded offline may arrive this many days late; older ones need the manager. */
export const MAX_ENTRY_AGE_DAYS = 31;
/**
 * The moment the phone says it recorded an entry (printed on the shared receipt) must lie within this window of the
 * server's time: a phone's clock days ahead, or a year off, is refused with the reason rather than printed.
 */
export const RECORDED_AT_MAX_AHEAD_MS = 2 * 24 * 60 * 60 * 1000;
export const RECORDED_AT_MAX_AGE_MS = 35 * 24 * 60 * 60 * 1000;
/** A phone silent this long is old news on the dashboard: what it last reported holding is not counted as held. */
export const FIELD_DEVICE_STALE_MS = 3 * 24 * 60 * 60 * 1000;
