/**
 * The limits of borrower sign-in (issue 24). Pure: the forms show some of them. The reasoning is in
 * docs/decisions/0207-borrower-sign-in-limits.md, 0248 and 0249.
 */

/** A code works for 5 minutes… */
export const CODE_TTL_MS = 5 * 60 * 1000;
/** …once, and five wrong tries lock it (a new one can be asked for). */
export const CODE_MAX_FAILURES = 5;
/** A new code for a number from one address (or one remembered device) at most once a minute. */
export const CODE_RESEND_INTERVAL_MS = 60 * 1000;
/**
 * Codes issued for a number in any hour. An address that has had none for the number this hour gets one while the
 * number has had fewer than CODES_PER_NUMBER_PER_HOUR_CAP (so a stranger needs many addresses to keep its owner from
 * her first code, and an SMS bomb stops at the cap); an address's second and third come from the number's shared
 * CODES_PER_NUMBER_PER_HOUR. Only codes issued count; a request another limit refused does not. A device remembered
 * for the number has a quota of its own, so strangers' requests never keep its owner out.
 */
export const CODES_PER_NUMBER_PER_HOUR = 5;
export const CODES_PER_NUMBER_PER_HOUR_CAP = 10;
export const CODES_PER_NUMBER_AND_ADDRESS_PER_HOUR = 3;
export const CODES_PER_REMEMBERED_DEVICE_PER_HOUR = 5;
export const CODE_QUOTA_WINDOW_MS = 60 * 60 * 1000;
/** The NID or date-of-birth step must follow the code within 10 minutes, with five tries. */
export const IDENTITY_STEP_TTL_MS = 10 * 60 * 1000;
export const IDENTITY_MAX_FAILURES = 5;

/** A borrower session ends after 30 minutes without a request and 12 hours after sign-in, like a staff session. */
export const BORROWER_SESSION_IDLE_MS = 30 * 60 * 1000;
export const BORROWER_SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** A device that passed the NID or date-of-birth step skips it for 180 days (or until the borrower signs out everywhere). */
export const BORROWER_DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

export const BORROWER_SESSION_COOKIE = "rb_borrower";
export const BORROWER_DEVICE_COOKIE = "rb_borrower_device";
export const BORROWER_STEP_COOKIE = "rb_borrower_step";
/** The challenge of the code this device asked for: only this device's tries count against that code. */
export const BORROWER_CHALLENGE_COOKIE = "rb_borrower_challenge";
