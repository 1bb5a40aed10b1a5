import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { PAYMENT_LINK_MESSAGES, type PaymentProviderName, type PaymentWebhookOutcome } from '@rayworks/contracts';
import { isUniqueViolation, LOGGER, messageOf, UnitOfWork, type ChangeTx } from '@rayworks/nest-kit';
import { PaymentsService } from '../payments/payments.service.js';
import { onlinePaymentAccess, onlinePaymentScope } from './online-payment-access.js';
import { PAYMENT_LINK_AUDIT_ACTIONS } from './payment-link-audit.js';
import { EVENT_ONCE_CONSTRAINT, PaymentLinkEventsRepository } from './payment-link-events.repository.js';
import { decideEvent, type EventDecision } from './payment-link-rules.js';
import { PaymentLinksRepository } from './payment-links.repository.js';
import {
  MalformedWebhookError,
  PAYMENT_PROVIDER,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  type WebhookHeaders,
} from './providers/payment-provider.js';

interface WebhookLog {
  warn(details: object, message: string): void;
}

/** The ledger entry's key of a provider's payment: the same payment is never taken twice (docs/decisions/0255). */
export const onlinePaymentKey = (provider: PaymentProviderName, providerPaymentId: string): string =>
  `online:${provider}:${providerPaymentId}`;

/**
 * A payment provider's webhook (docs/decisions/0283, 0284): the signature over the exact bytes first (401), then the
 * provider's event (400), then — in one unit of work in the company the signed event names, as the online payment —
 * the link locked, the event id looked up (a replay answers REPLAYED and changes nothing), the event judged on the link
 * as it stands (payment-link-rules.ts decideEvent) and, for a payment, taken into the ledger by PaymentsService.take
 * with the link's status, the event's record and the audit entry.
 */
@Injectable()
export class PaymentWebhooksService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(PaymentLinksRepository) private readonly links: PaymentLinksRepository,
    @Inject(PaymentLinkEventsRepository) private readonly events: PaymentLinkEventsRepository,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider | null,
    @Inject(LOGGER) private readonly log: WebhookLog,
  ) {}

  async receive(providerName: string, rawBody: Buffer, headers: WebhookHeaders): Promise<PaymentWebhookOutcome> {
    const provider = this.provider;
    if (!provider || provider.name !== providerName) throw new NotFoundException(PAYMENT_LINK_MESSAGES.unknownProvider);
    try {
      provider.verifyWebhook(rawBody, headers, new Date());
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      throw new UnauthorizedException(
        error.reason === 'stale' ? PAYMENT_LINK_MESSAGES.staleSignature : PAYMENT_LINK_MESSAGES.badSignature,
      );
    }
    let event: ProviderEvent;
    try {
      event = provider.parseEvent(rawBody);
    } catch (error) {
      if (error instanceof MalformedWebhookError) throw new BadRequestException(error.message);
      throw error;
    }
    try {
      return await this.uow.change(onlinePaymentScope(event.tenantId), (tx) => this.record(tx, provider.name, event));
    } catch (error) {
      // the same event delivered twice at once: the first one's unit of work recorded it
      if (isUniqueViolation(error, EVENT_ONCE_CONSTRAINT)) return 'REPLAYED';
      throw error;
    }
  }

  private async record(
    tx: ChangeTx,
    provider: PaymentProviderName,
    event: ProviderEvent,
  ): Promise<PaymentWebhookOutcome> {
    const link = await this.links.lockForEvent(tx, event.linkId);
    if (!link) {
      // signed by the provider, yet about no link of that company: nothing to record it against
      this.log.warn({ provider, eventId: event.eventId, linkId: event.linkId }, 'payment webhook for an unknown link');
      return 'IGNORED';
    }
    if (await this.events.byEventId(tx, provider, event.eventId)) return 'REPLAYED';
    let decision: EventDecision = decideEvent(link, event);
    let paymentId: string | null = null;
    if (decision.outcome === 'APPLY') {
      try {
        const payment = await this.payments.take(tx, onlinePaymentAccess(link.tenantId, link.centreId), {
          invoiceId: link.invoiceId,
          amountMinor: event.amountMinor,
          mode: 'ONLINE',
          reference: event.providerPaymentId,
          idempotencyKey: onlinePaymentKey(provider, event.providerPaymentId ?? event.eventId),
        });
        paymentId = payment._id;
        await this.links.markPaid(tx, link.id, {
          paymentId,
          providerPaymentId: event.providerPaymentId,
          paidAt: event.occurredAt,
        });
      } catch (error) {
        // the ledger refused it (settled or cancelled at the desk meanwhile, beyond the balance): nothing was written
        if (!(error instanceof ConflictException || error instanceof BadRequestException)) throw error;
        decision = { outcome: 'REFUND_DUE', note: `The invoice did not take it: ${messageOf(error)}` };
      }
    }
    const outcome = decision.outcome === 'APPLY' ? 'APPLIED' : decision.outcome;
    const note = decision.outcome === 'APPLY' ? null : decision.note;
    await this.events.insert(tx, {
      tenantId: link.tenantId,
      linkId: link.id,
      provider,
      eventId: event.eventId,
      type: event.type,
      checkoutId: event.checkoutId,
      attemptId: event.attemptId,
      providerPaymentId: event.providerPaymentId,
      amountMinor: event.amountMinor,
      currency: event.currency,
      occurredAt: event.occurredAt,
      receivedAt: new Date(),
      outcome,
      note,
    });
    await tx.audit({
      action: PAYMENT_LINK_AUDIT_ACTIONS.event,
      target: { type: 'invoice', id: link.invoiceId },
      details: {
        linkId: link.id,
        provider,
        eventId: event.eventId,
        type: event.type,
        outcome,
        note,
        amountMinor: event.amountMinor,
        providerPaymentId: event.providerPaymentId,
        paymentId,
      },
    });
    return outcome;
  }
}
