// Business limits the validation rules depend on (spec §5 and §9). Messages that quote a limit are
// built from these constants, so a limit and the message that states it cannot drift apart.

/** Spec §9: price, holiday price and night price lie between 0 and 100000, both inclusive. */
export const AMOUNT_MIN = 0;
/** Spec §9: price, holiday price and night price lie between 0 and 100000, both inclusive. */
export const AMOUNT_MAX = 100000;

/** Spec §5 and §9: password minimum length. */
export const PASSWORD_MIN_LENGTH = 8;

/** An Indian mobile number has 10 digits (no +91 or leading 0); spec §5 rejects ten zeros. */
export const PHONE_DIGITS = 10;

/** An Indian PIN code has 6 digits; spec §5 rejects 000000. */
export const PIN_DIGITS = 6;
