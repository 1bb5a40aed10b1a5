import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { InvoicesModule } from '../invoices/invoices.module.js';
import { LocalGatewayController } from './local-gateway/local-gateway.controller.js';
import { LocalGateway } from './local-gateway/local-gateway.service.js';
import { LocalWebhookSender } from './local-gateway/local-webhook-sender.js';
import { OnlinePaymentController } from './online-payment.controller.js';
import { PaymentLinkCheckoutService } from './payment-link-checkout.service.js';
import { PaymentLinkEventsRepository } from './payment-link-events.repository.js';
import { loadPaymentLinkSettings, PAYMENT_LINK_SETTINGS, type PaymentLinkSettings } from './payment-link.settings.js';
import { PaymentLinksController } from './payment-links.controller.js';
import { PaymentLinksRepository } from './payment-links.repository.js';
import { PaymentLinksService } from './payment-links.service.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import { LocalPaymentProvider } from './providers/local-payment.provider.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './providers/payment-provider.js';

/**
 * Online payment through payment links (docs/decisions/0281–0284): the desk's links, the public /payment page's calls,
 * the provider's webhook, and the local payment gateway the stack runs (its own path, /local-gateway/...). The
 * provider is chosen by PAYMENT_PROVIDER when billing starts (payment-link.settings.ts).
 */
@Module({
  imports: [InvoicesModule, DirectoryModule],
  controllers: [PaymentLinksController, OnlinePaymentController, LocalGatewayController],
  providers: [
    { provide: PAYMENT_LINK_SETTINGS, useFactory: () => loadPaymentLinkSettings() },
    LocalWebhookSender,
    LocalGateway,
    {
      provide: PAYMENT_PROVIDER,
      inject: [PAYMENT_LINK_SETTINGS, LocalGateway],
      useFactory: (settings: PaymentLinkSettings, gateway: LocalGateway): PaymentProvider | null =>
        settings.provider === 'local' ? new LocalPaymentProvider(settings.webhookSecret, gateway) : null,
    },
    PaymentLinksRepository,
    PaymentLinkEventsRepository,
    PaymentLinksService,
    PaymentLinkCheckoutService,
    PaymentWebhooksService,
  ],
})
export class PaymentLinksModule {}
