import { LOCAL_PAYMENT_SIGNATURE_HEADER, localPaymentEventSchema } from '@rayworks/contracts';
import { firstIssueMessage } from '@rayworks/nest-kit';
import type { LocalGateway } from '../local-gateway/local-gateway.service.js';
import {
  headerValue,
  MalformedWebhookError,
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderEvent,
  type WebhookHeaders,
} from './payment-provider.js';
import { verifyWebhookSignature } from './webhook-signature.js';

/**
 * The adapter of the local provider (docs/decisions/0282): checkouts from the local gateway, webhooks signed as
 * libs/contracts payment-link-local-provider.ts says, events in its format. A real provider's adapter differs only in
 * these three methods.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  constructor(
    private readonly secret: string,
    private readonly gateway: Pick<LocalGateway, 'createCheckout'>,
  ) {}

  createCheckout(request: CheckoutRequest): Promise<Checkout> {
    return Promise.resolve(this.gateway.createCheckout(request));
  }

  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders, now: Date): void {
    verifyWebhookSignature(this.secret, rawBody, headerValue(headers, LOCAL_PAYMENT_SIGNATURE_HEADER), now);
  }

  parseEvent(rawBody: Buffer): ProviderEvent {
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new MalformedWebhookError('The webhook body is not valid JSON');
    }
    const parsed = localPaymentEventSchema.safeParse(json);
    if (!parsed.success) throw new MalformedWebhookError(firstIssueMessage(parsed.error));
    const { id, type, created, data } = parsed.data;
    return {
      eventId: id,
      type: type === 'payment.succeeded' ? 'PAID' : 'FAILED',
      checkoutId: data.checkoutId,
      providerPaymentId: data.paymentId,
      amountMinor: data.amountMinor,
      currency: data.currency,
      occurredAt: new Date(created * 1000),
      failureReason: data.failureReason,
      tenantId: data.metadata.tenantId,
      linkId: data.metadata.linkId,
      attemptId: data.metadata.attemptId,
    };
  }
}
