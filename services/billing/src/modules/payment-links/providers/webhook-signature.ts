import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@rayworks/contracts';
import { WebhookSignatureError } from './payment-provider.js';

/**
 * The local provider's webhook signature (libs/contracts payment-link-local-provider.ts): `t=<unix seconds>,v1=<hex>`,
 * the hex being HMAC-SHA256 over `<t>.<raw body>` with the shared secret — Stripe's scheme, so the signed time cannot be
 * changed without the secret and an old request is refused by its time (docs/decisions/0283).
 */
export function signWebhook(secret: string, rawBody: Buffer | string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmacHex(secret, t, rawBody)}`;
}

/**
 * Throws WebhookSignatureError unless one of the header's v1 signatures is the body's (compared with
 * crypto.timingSafeEqual, so the time taken tells nothing of how much matched) and its time is within the tolerance.
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer,
  header: string | undefined,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  if (!header) throw new WebhookSignatureError('missing');
  const parts = header.split(',').map((part) => part.trim().split('=') as [string, string?]);
  const times = parts.filter(([k]) => k === 't').map(([, v]) => v ?? '');
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (times.length !== 1 || !/^\d{1,12}$/.test(times[0]!) || signatures.length === 0)
    throw new WebhookSignatureError('missing');
  const t = Number(times[0]);
  const expected = Buffer.from(hmacHex(secret, t, rawBody), 'hex');
  const matches = signatures.some((hex) => {
    if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
    return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
  });
  if (!matches) throw new WebhookSignatureError('mismatch');
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) throw new WebhookSignatureError('stale');
}

function hmacHex(secret: string, t: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
}
