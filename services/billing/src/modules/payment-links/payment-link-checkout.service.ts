import { randomUUID } from 'node:crypto';
import { ConflictException, GoneException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { PAYMENT_LINK_MESSAGES, type BILLING_API, type BodyOf, type PublicPaymentLink } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type AuditClient } from '@rayworks/nest-kit';
import { onlinePaymentScope } from './online-payment-access.js';
import { PAYMENT_LINK_AUDIT_ACTIONS } from './payment-link-audit.js';
import { PaymentLinkEventsRepository } from './payment-link-events.repository.js';
import { attemptState, linkStatus } from './payment-link-rules.js';
import { parseLinkToken } from './payment-link-token.js';
import { PAYMENT_LINK_SETTINGS, type PaymentLinkSettings } from './payment-link.settings.js';
import type { PaymentLinkEntity } from './payment-link.entity.js';
import { PaymentLinksRepository } from './payment-links.repository.js';
import { paymentPageUrl } from './payment-links.service.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';

/**
 * The public /payment page's calls (no login, docs/decisions/0281, 0284): the token names the company, whose
 * row-level security the work runs under as the online payment (onlinePaymentScope), and the secret finds the link by
 * its hash — an unknown token, or one whose company part names another company, finds nothing (404). Each read is
 * audited as a read of patient data.
 */
@Injectable()
export class PaymentLinkCheckoutService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(PaymentLinksRepository) private readonly links: PaymentLinksRepository,
    @Inject(PaymentLinkEventsRepository) private readonly events: PaymentLinkEventsRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider | null,
    @Inject(PAYMENT_LINK_SETTINGS) private readonly settings: PaymentLinkSettings,
  ) {}

  /** The link as the page shows it; with `attemptId`, how the attempt the patient came back from stands. */
  async read(body: BodyOf<typeof BILLING_API.readPaymentLink>, client: AuditClient): Promise<PublicPaymentLink> {
    const parsed = parseLinkToken(body.token);
    if (!parsed) throw new NotFoundException(PAYMENT_LINK_MESSAGES.notFound);
    const found = await this.uow.read(
      onlinePaymentScope(parsed.tenantId),
      async (tx) => {
        const link = await this.links.byTokenHash(tx, parsed.tokenHash);
        if (!link) throw new NotFoundException(PAYMENT_LINK_MESSAGES.notFound);
        const attempt = body.attemptId ? attemptState(await this.events.ofAttempt(tx, link.id, body.attemptId)) : null;
        return { link, view: link.toPublic(attempt, new Date()) };
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: (result) => ({ type: 'invoice', id: (result as { link: PaymentLinkEntity }).link.invoiceId }),
          details: { via: 'payment link' },
          client,
        },
      },
    );
    return found.view;
  }

  /**
   * A payment of an open link starts: the provider's checkout for the link's amount, payable until the link's expiry,
   * back to the page with the attempt's id (the page then asks how that attempt stands). 409 paid or cancelled, 410
   * expired.
   */
  async checkout(
    body: BodyOf<typeof BILLING_API.startPaymentLinkCheckout>,
    client: AuditClient,
  ): Promise<{ checkoutUrl: string; attemptId: string }> {
    const parsed = parseLinkToken(body.token);
    if (!parsed) throw new NotFoundException(PAYMENT_LINK_MESSAGES.notFound);
    const provider = this.provider;
    const attemptId = randomUUID();
    const link = await this.uow.read(
      onlinePaymentScope(parsed.tenantId),
      async (tx) => {
        const found = await this.links.byTokenHash(tx, parsed.tokenHash);
        if (!found) throw new NotFoundException(PAYMENT_LINK_MESSAGES.notFound);
        const status = linkStatus(found, new Date());
        if (status === 'PAID') throw new ConflictException(PAYMENT_LINK_MESSAGES.alreadyPaid);
        if (status === 'CANCELLED') throw new ConflictException(PAYMENT_LINK_MESSAGES.alreadyCancelled);
        if (status === 'EXPIRED') throw new GoneException(PAYMENT_LINK_MESSAGES.expired);
        if (!provider || provider.name !== found.provider) throw new ConflictException(PAYMENT_LINK_MESSAGES.notSetUp);
        return found;
      },
      {
        audit: {
          action: PAYMENT_LINK_AUDIT_ACTIONS.checkout,
          target: (result) => ({ type: 'invoice', id: (result as PaymentLinkEntity).invoiceId }),
          details: { attemptId },
          client,
        },
      },
    );
    const checkout = await provider!.createCheckout({
      tenantId: link.tenantId,
      linkId: link.id,
      attemptId,
      amountMinor: link.amountMinor,
      currency: link.currency,
      description: `Invoice ${link.invoiceNumber} · ${link.centreName}`,
      payerName: link.patientDisplay,
      expiresAt: link.expiresAt,
      returnUrl: `${paymentPageUrl(this.settings.publicBaseUrl, body.token)}&attempt=${attemptId}`,
    });
    return { checkoutUrl: checkout.url, attemptId };
  }
}
