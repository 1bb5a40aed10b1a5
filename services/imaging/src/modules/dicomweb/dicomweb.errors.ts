/** 406 Not Acceptable: nothing the Accept header allows can be given (PS3.18 8.7.4). */
export class NotAcceptableError extends Error {}

/** A frame number that the instance does not have: 400 (a bad frame list). */
export class BadFrameError extends Error {}
