import {
  formatMoney,
  type PaymentLink,
  type PaymentLinkEventType,
  type PaymentLinkStatus,
  type PublicPaymentLink,
} from '@rayworks/contracts';

/** What the rules need of a link. */
export interface LinkState {
  status: PaymentLinkStatus;
  expiresAt: Date;
  amountMinor: number;
  currency: PaymentLink['currency'];
  providerPaymentId: string | null;
}

/** What the rules need of a provider's event. */
export interface EventFacts {
  type: PaymentLinkEventType;
  occurredAt: Date;
  amountMinor: number;
  currency: PaymentLink['currency'];
  providerPaymentId: string | null;
  failureReason: string | null;
}

/** A link as it reads now: an OPEN link past its expiry is EXPIRED (nothing writes the expiry when it passes). */
export function linkStatus(link: Pick<LinkState, 'status' | 'expiresAt'>, now: Date): PaymentLinkStatus {
  return link.status === 'OPEN' && link.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : link.status;
}

/**
 * What a verified event does to its link (docs/decisions/0283), judged on the link as it stands in its lock and on the
 * time the provider says the payment happened (a late webhook for a payment made in time still counts):
 * - APPLY: a payment of an open link, made before its expiry, of its amount — the caller takes it into the ledger
 *   (where the invoice may still refuse it: then REFUND_DUE);
 * - FAILED: a failed attempt on an open link (the patient may try again);
 * - IGNORED: a failure after the link was paid, cancelled or expired; the link's own payment reported again;
 * - REFUND_DUE: money the provider took that the invoice must not take: after a cancel, after the expiry, a second
 *   payment of a paid link, another amount than the link's.
 */
export type EventDecision = { outcome: 'APPLY' } | { outcome: 'FAILED' | 'IGNORED' | 'REFUND_DUE'; note: string };

export function decideEvent(link: LinkState, event: EventFacts): EventDecision {
  const inTime = event.occurredAt.getTime() < link.expiresAt.getTime();
  const state = link.status === 'OPEN' && !inTime ? 'EXPIRED' : link.status;
  if (event.type === 'FAILED') {
    if (state === 'OPEN') return { outcome: 'FAILED', note: event.failureReason ?? 'The payment failed' };
    return { outcome: 'IGNORED', note: `A failed attempt after the link was ${words[state]}` };
  }
  switch (state) {
    case 'PAID':
      return event.providerPaymentId !== null && event.providerPaymentId === link.providerPaymentId
        ? { outcome: 'IGNORED', note: "The link's payment reported again" }
        : { outcome: 'REFUND_DUE', note: 'A second payment of a link already paid' };
    case 'CANCELLED':
      return { outcome: 'REFUND_DUE', note: 'Paid after the link was cancelled' };
    case 'EXPIRED':
      return { outcome: 'REFUND_DUE', note: 'Paid after the link expired' };
    case 'OPEN':
      if (event.amountMinor !== link.amountMinor || event.currency !== link.currency)
        return {
          outcome: 'REFUND_DUE',
          note: `Paid ${formatMoney({ amountMinor: event.amountMinor, currency: event.currency })}, the link asks ${formatMoney(link)}`,
        };
      return { outcome: 'APPLY' };
  }
}

const words: Record<Exclude<PaymentLinkStatus, 'OPEN'>, string> = {
  PAID: 'paid',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
};

/** The state of one attempt from its events: PAID once paid, FAILED (the last reason) once failed, else PENDING. */
export function attemptState(
  events: readonly { type: PaymentLinkEventType; note: string | null }[],
): NonNullable<PublicPaymentLink['attempt']> {
  if (events.some((e) => e.type === 'PAID')) return { state: 'PAID', failureReason: null };
  const failed = events.filter((e) => e.type === 'FAILED').at(-1);
  return failed ? { state: 'FAILED', failureReason: failed.note } : { state: 'PENDING', failureReason: null };
}
