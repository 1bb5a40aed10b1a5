import { z } from 'zod';

/**
 * An instant a request names (ISO 8601 with an offset), within what every part of the system can compute with: an
 * offset of at most ±14:00 (the widest any time zone uses; PostgreSQL refuses more than ±15:59) and a year from 1900
 * to 9999 (a year before 1000 is not a time the product ever stored, and PostgreSQL reads early ones as BC). Anything
 * else is a 400 naming the field, never a server error (issue 20 item 14).
 */
export const INSTANT_MESSAGES = {
  offset: 'must have a time zone offset between -14:00 and +14:00',
  year: 'must be a time between the years 1900 and 9999',
} as const;

const OFFSET = /(?:Z|([+-])(\d{2}):?(\d{2}))$/;

export const instant = () =>
  z.iso.datetime({ offset: true }).superRefine((value, ctx) => {
    const [, , hours, minutes] = OFFSET.exec(value) ?? [];
    if (hours !== undefined && Number(hours) * 60 + Number(minutes) > 14 * 60)
      ctx.addIssue({ code: 'custom', message: INSTANT_MESSAGES.offset });
    const year = Number(value.slice(0, 4));
    if (!(year >= 1900 && year <= 9999)) ctx.addIssue({ code: 'custom', message: INSTANT_MESSAGES.year });
  });
