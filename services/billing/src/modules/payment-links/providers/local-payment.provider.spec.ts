import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { LOCAL_PAYMENT_SIGNATURE_HEADER, type LocalPaymentEvent } from '@rayworks/contracts';
import { LocalPaymentProvider } from './local-payment.provider.js';
import { MalformedWebhookError, WebhookSignatureError } from './payment-provider.js';
import { signWebhook } from './webhook-signature.js';

const SECRET = 'the-local-provider-test-secret-0123456789';
const provider = new LocalPaymentProvider(SECRET, {
  createCheckout: () => ({ checkoutId: 'cs_unused00', url: 'http://gateway.test/' }),
});
const event: LocalPaymentEvent = {
  id: 'evt_0123456789',
  type: 'payment.succeeded',
  created: 1_777_000_000,
  data: {
    checkoutId: 'cs_0123456789',
    paymentId: 'pay_0123456789',
    amountMinor: 250_000,
    currency: 'INR',
    failureReason: null,
    metadata: { tenantId: randomUUID(), linkId: randomUUID(), attemptId: randomUUID() },
  },
};
const failure = (fn: () => unknown): string => {
  try {
    fn();
    return 'none';
  } catch (error) {
    if (error instanceof WebhookSignatureError) return `signature ${error.reason}`;
    if (error instanceof MalformedWebhookError) return `malformed: ${error.message}`;
    throw error;
  }
};

describe('the local provider adapter', () => {
  it('verifies the signature header over the raw body', () => {
    const raw = Buffer.from(JSON.stringify(event));
    const now = new Date(event.created * 1000);
    const headers = { [LOCAL_PAYMENT_SIGNATURE_HEADER]: signWebhook(SECRET, raw, now) };
    expect(failure(() => provider.verifyWebhook(raw, headers, now))).toBe('none');
    expect(failure(() => provider.verifyWebhook(raw, {}, now))).toBe('signature missing');
    const other = { [LOCAL_PAYMENT_SIGNATURE_HEADER]: signWebhook(`${SECRET}!`, raw, now) };
    expect(failure(() => provider.verifyWebhook(raw, other, now))).toBe('signature mismatch');
  });

  it('reads its events in billing’s words', () => {
    expect(provider.parseEvent(Buffer.from(JSON.stringify(event)))).toEqual({
      eventId: 'evt_0123456789',
      type: 'PAID',
      checkoutId: 'cs_0123456789',
      providerPaymentId: 'pay_0123456789',
      amountMinor: 250_000,
      currency: 'INR',
      occurredAt: new Date(event.created * 1000),
      failureReason: null,
      ...event.data.metadata,
    });
    const failed = { ...event, type: 'payment.failed', data: { ...event.data, failureReason: 'Declined' } };
    expect(provider.parseEvent(Buffer.from(JSON.stringify(failed)))).toMatchObject({
      type: 'FAILED',
      failureReason: 'Declined',
    });
  });

  it('names what is wrong with a body that is not one of its events', () => {
    expect(failure(() => provider.parseEvent(Buffer.from('{nope')))).toBe(
      'malformed: The webhook body is not valid JSON',
    );
    const noAmount = { ...event, data: { ...event.data, amountMinor: undefined } };
    expect(failure(() => provider.parseEvent(Buffer.from(JSON.stringify(noAmount))))).toMatch(
      /^malformed: data\.amountMinor: /,
    );
    const strange = { ...event, type: 'payment.refunded' };
    expect(failure(() => provider.parseEvent(Buffer.from(JSON.stringify(strange))))).toMatch(/^malformed: type: /);
  });
});
