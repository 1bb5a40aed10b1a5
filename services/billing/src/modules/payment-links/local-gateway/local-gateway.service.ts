import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { serviceApiPrefix, type LocalPaymentEvent } from '@rayworks/contracts';
import { PAYMENT_LINK_SETTINGS, type PaymentLinkSettings } from '../payment-link.settings.js';
import type { Checkout, CheckoutRequest } from '../providers/payment-provider.js';
import {
  checkoutPage,
  checkoutProblemPage,
  LOCAL_CHECKOUT_RESULTS,
  LOCAL_GATEWAY_ROUTES,
  type LocalCheckoutResult,
} from './local-checkout-page.js';
import { openCheckout, sealCheckout } from './local-checkout-token.js';
import { LocalWebhookSender } from './local-webhook-sender.js';

/** An answer of the gateway's pages: HTML with a status, or a redirect back to the shop. */
export type LocalGatewayAnswer = { status: number; html: string } | { status: 303; location: string };

/**
 * The local payment gateway (docs/decisions/0282): what a real gateway does, inside billing under its own path
 * (`/local-gateway/...`), sharing nothing with billing but the webhook secret. It makes checkouts (sealed tokens: no
 * state), shows the checkout page, and on "pay" or "decline" sends the patient back and posts the signed event to
 * billing's webhook, afterwards and again while it fails. It takes no money: PAYMENT_PROVIDER=local is refused in
 * production.
 */
@Injectable()
export class LocalGateway {
  constructor(
    @Inject(PAYMENT_LINK_SETTINGS) private readonly settings: PaymentLinkSettings,
    @Inject(LocalWebhookSender) private readonly sender: LocalWebhookSender,
  ) {}

  /** The gateway's "create a checkout session" call. */
  createCheckout(request: CheckoutRequest): Checkout {
    const checkoutId = `cs_${randomBytes(16).toString('base64url')}`;
    const token = sealCheckout(this.settings.webhookSecret, {
      checkoutId,
      tenantId: request.tenantId,
      linkId: request.linkId,
      attemptId: request.attemptId,
      amountMinor: request.amountMinor,
      currency: request.currency,
      description: request.description,
      payerName: request.payerName,
      expiresAt: Math.floor(request.expiresAt.getTime() / 1000),
      returnUrl: request.returnUrl,
    });
    const path = LOCAL_GATEWAY_ROUTES.checkout.replace(':token', token);
    return { checkoutId, url: `${this.settings.publicBaseUrl}${serviceApiPrefix('billing')}${path}` };
  }

  /** The checkout page. */
  page(token: string, now: Date): LocalGatewayAnswer {
    const checkout = this.enabled() ? openCheckout(this.settings.webhookSecret, token) : null;
    if (!checkout) return notFound();
    if (checkout.expiresAt * 1000 <= now.getTime()) return expired();
    return { status: 200, html: checkoutPage(token, checkout) };
  }

  /**
   * The patient paid or declined: back to the shop at once, the event to billing afterwards. Its ids come from the
   * checkout and the result, so pressing Pay twice sends the same event twice (billing answers the second REPLAYED).
   */
  complete(token: string, result: string, now: Date): LocalGatewayAnswer {
    const checkout = this.enabled() ? openCheckout(this.settings.webhookSecret, token) : null;
    if (!checkout || !isResult(result)) return notFound();
    if (checkout.expiresAt * 1000 <= now.getTime()) return expired();
    const id = (kind: string) =>
      createHmac('sha256', this.settings.webhookSecret)
        .update(`${kind}.${checkout.checkoutId}.${result}`)
        .digest('base64url')
        .slice(0, 32);
    const event: LocalPaymentEvent = {
      id: `evt_${id('event')}`,
      type: result === 'pay' ? 'payment.succeeded' : 'payment.failed',
      created: Math.floor(now.getTime() / 1000),
      data: {
        checkoutId: checkout.checkoutId,
        paymentId: `pay_${id('payment')}`,
        amountMinor: checkout.amountMinor,
        currency: checkout.currency,
        failureReason: result === 'pay' ? null : 'Declined on the local payment gateway',
        metadata: { tenantId: checkout.tenantId, linkId: checkout.linkId, attemptId: checkout.attemptId },
      },
    };
    this.sender.send(event.id, JSON.stringify(event));
    return { status: 303, location: checkout.returnUrl };
  }

  private enabled(): boolean {
    return this.settings.provider === 'local';
  }
}

const isResult = (result: string): result is LocalCheckoutResult =>
  (LOCAL_CHECKOUT_RESULTS as readonly string[]).includes(result);

const notFound = (): LocalGatewayAnswer => ({
  status: 404,
  html: checkoutProblemPage('Checkout not found', 'This checkout was not made by this gateway.'),
});

const expired = (): LocalGatewayAnswer => ({
  status: 410,
  html: checkoutProblemPage('Checkout expired', 'This checkout can no longer be paid.'),
});
