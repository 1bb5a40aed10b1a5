import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LOCAL_PAYMENT_SIGNATURE_HEADER } from '@rayworks/contracts';
import { LOGGER } from '@rayworks/nest-kit';
import { PAYMENT_LINK_SETTINGS, type PaymentLinkSettings } from '../payment-link.settings.js';
import { signWebhook } from '../providers/webhook-signature.js';

/** When the local gateway tries a webhook again after a failed attempt (a real gateway keeps trying for days). */
export const LOCAL_WEBHOOK_RETRY_DELAYS_MS = [250, 1_000, 2_000, 5_000, 15_000, 30_000, 60_000, 120_000] as const;

interface GatewayLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The local gateway's webhook delivery, as a real gateway's: after the patient's request has been answered, the event
 * is posted to billing's webhook address (through the gateway, as any provider reaches it), signed afresh for each
 * attempt, and posted again after a network failure or a 408, 429 or 5xx answer. Attempts are kept in memory: a
 * restart of billing loses a delivery not yet made (docs/decisions/0282).
 */
@Injectable()
export class LocalWebhookSender implements OnModuleDestroy {
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    @Inject(PAYMENT_LINK_SETTINGS) private readonly settings: PaymentLinkSettings,
    @Inject(LOGGER) private readonly log: GatewayLog,
  ) {}

  /** Delivers one event (its JSON text, the exact bytes signed and sent). */
  send(eventId: string, body: string): void {
    this.schedule(eventId, body, 0);
  }

  onModuleDestroy(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(eventId: string, body: string, attempt: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.post(eventId, body, attempt);
    }, LOCAL_WEBHOOK_RETRY_DELAYS_MS[attempt]);
    timer.unref();
    this.timers.add(timer);
  }

  private async post(eventId: string, body: string, attempt: number): Promise<void> {
    let status = 0;
    try {
      const res = await fetch(this.settings.localWebhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [LOCAL_PAYMENT_SIGNATURE_HEADER]: signWebhook(this.settings.webhookSecret, body, new Date()),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      // not reached, or no answer in time: status stays 0 and the delivery is tried again
    }
    const details = { eventId, attempt: attempt + 1, status, url: this.settings.localWebhookUrl };
    if (status >= 200 && status < 300) return this.log.info(details, 'local payment gateway: webhook delivered');
    const again = status === 0 || status === 408 || status === 429 || status >= 500;
    if (again && attempt + 1 < LOCAL_WEBHOOK_RETRY_DELAYS_MS.length) {
      this.log.warn(details, 'local payment gateway: webhook not delivered, trying again');
      return this.schedule(eventId, body, attempt + 1);
    }
    this.log.warn(details, 'local payment gateway: webhook given up');
  }
}
