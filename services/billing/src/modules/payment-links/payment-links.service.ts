import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  PAYMENT_LINK_MESSAGES,
  patientFirstName,
  PUBLIC_ROUTES,
  type BILLING_API,
  type BodyOf,
  type PaymentLink,
} from '@rayworks/contracts';
import {
  companyOf,
  isUniqueViolation,
  KIT_AUDIT_ACTIONS,
  UnitOfWork,
  type AuditClient,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { CentresRepository } from '../directory/centres.repository.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { PAYMENT_LINK_AUDIT_ACTIONS } from './payment-link-audit.js';
import { PaymentLinkEventsRepository } from './payment-link-events.repository.js';
import { linkStatus } from './payment-link-rules.js';
import { newLinkToken } from './payment-link-token.js';
import { PAYMENT_LINK_SETTINGS, type PaymentLinkSettings } from './payment-link.settings.js';
import { ONE_OPEN_LINK_CONSTRAINT, PaymentLinksRepository } from './payment-links.repository.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';

/** The /payment page's address for a token (shown to the desk once: only the token's hash is kept). */
export const paymentPageUrl = (publicBaseUrl: string, token: string): string =>
  `${publicBaseUrl}${PUBLIC_ROUTES.payment}?token=${encodeURIComponent(token)}`;

/**
 * The desk's payment links (docs/decisions/0281): a link for an invoice's balance as it stands (the amount is fixed
 * then), valid for some hours, one open link per invoice (the database's partial unique index decides between two
 * desks at once); cancelled while unpaid; listed with the provider's events.
 */
@Injectable()
export class PaymentLinksService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(InvoicesService) private readonly invoices: InvoicesService,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(PaymentLinksRepository) private readonly links: PaymentLinksRepository,
    @Inject(PaymentLinkEventsRepository) private readonly events: PaymentLinkEventsRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider | null,
    @Inject(PAYMENT_LINK_SETTINGS) private readonly settings: PaymentLinkSettings,
  ) {}

  async create(
    access: RequestAccess,
    body: BodyOf<typeof BILLING_API.createPaymentLink>,
    client: AuditClient,
  ): Promise<{ link: PaymentLink; url: string }> {
    const provider = this.provider;
    if (!provider) throw new ConflictException(PAYMENT_LINK_MESSAGES.notSetUp);
    try {
      return await this.uow.change(access, async (tx) => {
        const invoice = await this.invoices.read(tx, access, body.invoiceId);
        if (invoice.status === 'CANCELLED') throw new ConflictException(PAYMENT_LINK_MESSAGES.invoiceCancelled);
        if (invoice.balanceMinor <= 0) throw new ConflictException(PAYMENT_LINK_MESSAGES.nothingDue);
        const now = new Date();
        // a lapsed link no longer holds the invoice's one open place
        await this.links.expireLapsed(tx, invoice._id, now);
        const centre = await this.centres.centre(tx, invoice.centreId);
        if (!centre) throw new NotFoundException(PAYMENT_LINK_MESSAGES.invoiceNotFound);
        const { token, tokenHash } = newLinkToken(companyOf(access.principal));
        const link = await this.links.insert(tx, {
          tenantId: companyOf(access.principal),
          invoiceId: invoice._id,
          centreId: invoice.centreId,
          groupId: invoice.groupId,
          invoiceNumber: invoice.number,
          centreName: centre.name,
          patientDisplay: patientFirstName(invoice.patient.patientName),
          tokenHash,
          amountMinor: invoice.balanceMinor,
          currency: invoice.currency,
          provider: provider.name,
          expiresAt: new Date(now.getTime() + body.validForHours * 3_600_000),
          createdBy: access.principal.userId,
          createdByName: access.principal.loginName,
        });
        await tx.audit({
          action: PAYMENT_LINK_AUDIT_ACTIONS.create,
          target: { type: 'invoice', id: invoice._id },
          details: { linkId: link.id, amountMinor: link.amountMinor, expiresAt: link.expiresAt.toISOString() },
          client,
        });
        return { link: link.toLink([], now), url: paymentPageUrl(this.settings.publicBaseUrl, token) };
      });
    } catch (error) {
      if (isUniqueViolation(error, ONE_OPEN_LINK_CONSTRAINT))
        throw new ConflictException(PAYMENT_LINK_MESSAGES.alreadyOpen);
      throw error;
    }
  }

  /** An unpaid link is cancelled (an expired one too: either way it takes no payment, and a late one is refunded). */
  cancel(
    access: RequestAccess,
    body: BodyOf<typeof BILLING_API.cancelPaymentLink>,
    client: AuditClient,
  ): Promise<PaymentLink> {
    return this.uow.change(access, async (tx) => {
      const link = await this.links.findReadable(tx, access, body.linkId, true);
      if (!link) throw new NotFoundException(PAYMENT_LINK_MESSAGES.notFound);
      const now = new Date();
      const status = linkStatus(link, now);
      if (status === 'PAID') throw new ConflictException(PAYMENT_LINK_MESSAGES.alreadyPaid);
      if (status === 'CANCELLED') throw new ConflictException(PAYMENT_LINK_MESSAGES.alreadyCancelled);
      await this.links.markCancelled(tx, link.id, access.principal.userId, now);
      await tx.audit({
        action: PAYMENT_LINK_AUDIT_ACTIONS.cancel,
        target: { type: 'invoice', id: link.invoiceId },
        details: { linkId: link.id },
        client,
      });
      const cancelled = (await this.links.findReadable(tx, access, link.id))!;
      return cancelled.toLink(await this.events.ofLinks(tx, [link.id]), now);
    });
  }

  /** An invoice's links, newest first, each with the provider's events (404 for an invoice out of reach). */
  find(access: RequestAccess, body: BodyOf<typeof BILLING_API.findPaymentLinks>): Promise<{ links: PaymentLink[] }> {
    return this.uow.read(
      access,
      async (tx) => {
        await this.invoices.read(tx, access, body.invoiceId);
        const links = await this.links.ofInvoice(tx, body.invoiceId);
        const events = await this.events.ofLinks(
          tx,
          links.map((l) => l.id),
        );
        const now = new Date();
        return {
          links: links.map((l) =>
            l.toLink(
              events.filter((e) => e.linkId === l.id),
              now,
            ),
          ),
        };
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: { type: 'invoice', id: body.invoiceId },
          details: { read: 'payment links' },
        },
      },
    );
  }
}
