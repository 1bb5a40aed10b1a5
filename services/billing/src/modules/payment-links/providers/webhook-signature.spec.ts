import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { WEBHOOK_TOLERANCE_SECONDS } from '@rayworks/contracts';
import { WebhookSignatureError } from './payment-provider.js';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const body = Buffer.from('{"id":"evt_12345678","amount":1}');
const at = new Date('2026-05-01T10:00:00Z');
const reason = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof WebhookSignatureError ? error.reason : `other: ${(error as Error).message}`;
  }
};

describe('the webhook signature', () => {
  it('is HMAC-SHA256 over "<t>.<raw body>", as the contract describes it', () => {
    const t = Math.floor(at.getTime() / 1000);
    const hex = createHmac('sha256', SECRET).update(`${t}.${body.toString()}`).digest('hex');
    expect(signWebhook(SECRET, body, at)).toBe(`t=${t},v1=${hex}`);
  });

  it('accepts the body it signed, within the tolerance either way', () => {
    const header = signWebhook(SECRET, body, at);
    expect(reason(() => verifyWebhookSignature(SECRET, body, header, at))).toBeNull();
    const edge = WEBHOOK_TOLERANCE_SECONDS * 1000;
    expect(reason(() => verifyWebhookSignature(SECRET, body, header, new Date(at.getTime() + edge)))).toBeNull();
    expect(reason(() => verifyWebhookSignature(SECRET, body, header, new Date(at.getTime() - edge)))).toBeNull();
    // a second v1 (the provider rolling its secret) may stand beside the valid one
    const [t, v1] = header.split(',');
    expect(reason(() => verifyWebhookSignature(SECRET, body, `${t},v1=${'0'.repeat(64)},${v1}`, at))).toBeNull();
  });

  it('refuses a changed body, another secret, a changed time, an old or a missing signature', () => {
    const header = signWebhook(SECRET, body, at);
    const changed = Buffer.from(body.toString().replace('1}', '2}'));
    expect(reason(() => verifyWebhookSignature(SECRET, changed, header, at))).toBe('mismatch');
    expect(reason(() => verifyWebhookSignature(`${SECRET}x`, body, header, at))).toBe('mismatch');
    const t = Math.floor(at.getTime() / 1000);
    expect(reason(() => verifyWebhookSignature(SECRET, body, header.replace(`t=${t}`, `t=${t + 1}`), at))).toBe(
      'mismatch',
    );
    const later = new Date(at.getTime() + (WEBHOOK_TOLERANCE_SECONDS + 1) * 1000);
    expect(reason(() => verifyWebhookSignature(SECRET, body, header, later))).toBe('stale');
    for (const bad of [undefined, '', 'v1=abc', `t=${t}`, `t=x,v1=${'a'.repeat(64)}`, `t=${t},v1=short`])
      expect(reason(() => verifyWebhookSignature(SECRET, body, bad, at))).toMatch(/missing|mismatch/);
  });
});
