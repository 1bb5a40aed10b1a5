import { Controller, Headers, Inject, Param } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { BILLING_API, PAYMENT_LINK_MESSAGES, PAYMENT_PROVIDERS } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { PaymentLinkCheckoutService } from './payment-link-checkout.service.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import type { WebhookHeaders } from './providers/payment-provider.js';

/** What the public /payment page and the payment provider call, without a login (docs/decisions/0281–0284). */
@ApiTags('online payment')
@Controller()
export class OnlinePaymentController {
  constructor(
    @Inject(PaymentLinkCheckoutService) private readonly checkouts: PaymentLinkCheckoutService,
    @Inject(PaymentWebhooksService) private readonly webhooks: PaymentWebhooksService,
  ) {}

  @ApiContract(BILLING_API.readPaymentLink, 'The payment link the public /payment page shows (by its token)')
  async read({ body, client }: ContractCall<typeof BILLING_API.readPaymentLink>) {
    return apiOk(await this.checkouts.read(body, client));
  }

  @ApiContract(
    BILLING_API.startPaymentLinkCheckout,
    "Starts a payment of the link with the payment provider: the checkout's address",
  )
  async checkout({ body, client }: ContractCall<typeof BILLING_API.startPaymentLinkCheckout>) {
    return apiOk(await this.checkouts.checkout(body, client), PAYMENT_LINK_MESSAGES.checkoutStarted);
  }

  @ApiContract(
    BILLING_API.paymentLinkWebhook,
    "A payment provider's webhook: signature over the raw body (401), the provider's event (400), once per event id",
  )
  @ApiParam({ name: 'provider', enum: PAYMENT_PROVIDERS })
  async webhook(
    { rawBody }: ContractCall<typeof BILLING_API.paymentLinkWebhook>,
    @Param('provider') provider: string,
    @Headers() headers: WebhookHeaders,
  ) {
    const outcome = await this.webhooks.receive(provider, rawBody, headers);
    return apiOk({ outcome }, PAYMENT_LINK_MESSAGES.webhookReceived);
  }
}
