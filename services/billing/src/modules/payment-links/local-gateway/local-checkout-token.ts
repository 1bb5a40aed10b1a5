import { createHmac, timingSafeEqual } from 'node:crypto';
import { paymentLinkSchema } from '@rayworks/contracts';
import { z } from 'zod';

/**
 * A checkout of the local gateway, carried in its page's address and sealed with an HMAC of the gateway's secret, so
 * the gateway keeps no state (a restart loses no checkout) and nobody changes the amount or the return address.
 */
export const localCheckoutSchema = z
  .object({
    checkoutId: z.string(),
    tenantId: z.uuid(),
    linkId: z.uuid(),
    attemptId: z.uuid(),
    amountMinor: z.number().int().min(1),
    currency: paymentLinkSchema.shape.currency,
    description: z.string(),
    payerName: z.string(),
    /** Unix seconds: the checkout takes no payment after this. */
    expiresAt: z.number().int(),
    returnUrl: z.url(),
  })
  .strict();
export type LocalCheckout = z.infer<typeof localCheckoutSchema>;

/** The gateway's own key, derived from the shared secret for this use only. */
const seal = (secret: string, payload: string): Buffer =>
  createHmac('sha256', secret).update('rayworks-local-gateway-checkout.').update(payload).digest();

export function sealCheckout(secret: string, checkout: LocalCheckout): string {
  const payload = Buffer.from(JSON.stringify(checkout)).toString('base64url');
  return `${payload}.${seal(secret, payload).toString('base64url')}`;
}

/** The checkout a token seals, or null for a token the gateway did not make. */
export function openCheckout(secret: string, token: string): LocalCheckout | null {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = seal(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = localCheckoutSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
