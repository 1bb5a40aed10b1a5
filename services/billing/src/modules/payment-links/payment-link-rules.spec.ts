import { describe, expect, it } from '@jest/globals';
import { attemptState, decideEvent, linkStatus, type EventFacts, type LinkState } from './payment-link-rules.js';

const EXPIRES = new Date('2026-05-01T12:00:00Z');
const before = new Date('2026-05-01T11:59:59Z');
const after = new Date('2026-05-01T12:00:01Z');

const link = (status: LinkState['status'], providerPaymentId: string | null = null): LinkState => ({
  status,
  expiresAt: EXPIRES,
  amountMinor: 150_000,
  currency: 'INR',
  providerPaymentId,
});
const event = (type: EventFacts['type'], occurredAt: Date, extra: Partial<EventFacts> = {}): EventFacts => ({
  type,
  occurredAt,
  amountMinor: 150_000,
  currency: 'INR',
  providerPaymentId: 'pay_first',
  failureReason: type === 'FAILED' ? 'Card declined' : null,
  ...extra,
});

describe('a payment link as it reads', () => {
  it('is EXPIRED once open past its expiry; any other status stays', () => {
    expect(linkStatus(link('OPEN'), before)).toBe('OPEN');
    expect(linkStatus(link('OPEN'), EXPIRES)).toBe('EXPIRED');
    expect(linkStatus(link('PAID', 'pay_first'), after)).toBe('PAID');
    expect(linkStatus(link('CANCELLED'), after)).toBe('CANCELLED');
  });
});

describe("what a provider's event does to its link", () => {
  // every (link status, event, time) the webhook can meet: a row each
  it.each([
    ['an open link paid in time', link('OPEN'), event('PAID', before), 'APPLY'],
    ['an open link paid after its expiry', link('OPEN'), event('PAID', after), 'REFUND_DUE'],
    ['an open link paid another amount', link('OPEN'), event('PAID', before, { amountMinor: 1 }), 'REFUND_DUE'],
    ['a failed attempt on an open link', link('OPEN'), event('FAILED', before), 'FAILED'],
    ['a failed attempt after the expiry', link('OPEN'), event('FAILED', after), 'IGNORED'],
    ['a failure after the payment (out of order)', link('PAID', 'pay_first'), event('FAILED', before), 'IGNORED'],
    ['the same payment again under another event id', link('PAID', 'pay_first'), event('PAID', before), 'IGNORED'],
    [
      'a second payment of a paid link',
      link('PAID', 'pay_first'),
      event('PAID', before, { providerPaymentId: 'pay_second' }),
      'REFUND_DUE',
    ],
    ['a payment after a cancel', link('CANCELLED'), event('PAID', before), 'REFUND_DUE'],
    ['a failure after a cancel', link('CANCELLED'), event('FAILED', before), 'IGNORED'],
    [
      'a payment of a link marked expired (replaced by a new one)',
      link('EXPIRED'),
      event('PAID', before),
      'REFUND_DUE',
    ],
    ['a failure of a link marked expired', link('EXPIRED'), event('FAILED', before), 'IGNORED'],
  ] as const)('%s → %s', (_what, l, e, outcome) => {
    expect(decideEvent(l, e).outcome).toBe(outcome);
  });

  it('says why in its note', () => {
    expect(decideEvent(link('CANCELLED'), event('PAID', before))).toEqual({
      outcome: 'REFUND_DUE',
      note: 'Paid after the link was cancelled',
    });
    expect(decideEvent(link('OPEN'), event('FAILED', before))).toEqual({ outcome: 'FAILED', note: 'Card declined' });
    expect(decideEvent(link('OPEN'), event('PAID', before, { amountMinor: 100 }))).toEqual({
      outcome: 'REFUND_DUE',
      note: 'Paid ₹1.00, the link asks ₹1,500.00',
    });
  });
});

describe('an attempt as the page asks about it', () => {
  it('is PAID once paid, FAILED with its last reason once failed, PENDING before any event', () => {
    expect(attemptState([])).toEqual({ state: 'PENDING', failureReason: null });
    expect(attemptState([{ type: 'FAILED', note: 'Card declined' }])).toEqual({
      state: 'FAILED',
      failureReason: 'Card declined',
    });
    expect(
      attemptState([
        { type: 'FAILED', note: 'Card declined' },
        { type: 'PAID', note: null },
      ]),
    ).toEqual({ state: 'PAID', failureReason: null });
  });
});
