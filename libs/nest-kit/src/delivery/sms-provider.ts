import { Inject, Injectable, type Provider } from '@nestjs/common';
import type { Logger } from 'pino';
import { z } from 'zod';
import { reportSmsText, SMS_LINK_TTL_SECONDS } from '@rayworks/contracts';
import { LOGGER } from '../app/tokens.js';
import { typedRows } from '../database/typed-query.js';
import type { ReadTx } from '../database/unit-of-work.js';
import { newDeliveryLink } from './link-token.js';

export interface SmsMessage {
  tenantId: string;
  deliveryId: string;
  to: string;
  body: string;
}

/** Sends one SMS; resolves with the provider's message id, rejects when the provider refuses it. */
export interface SmsProvider {
  readonly name: string;
  send(tx: ReadTx, message: SmsMessage): Promise<{ providerId: string }>;
}
export const SMS_PROVIDER = Symbol('SMS_PROVIDER');

/** Where the logging provider keeps what it "sent": a service's own table, in the attempt's transaction. */
export interface SmsLog {
  logSms(tx: ReadTx, row: { tenantId: string; deliveryId: string; phoneNumber: string; body: string }): Promise<string>;
}
export const SMS_LOG = Symbol('SMS_LOG');

const idRow = z.object({ id: z.string() });

/**
 * The SmsLog of a service's own table of stored messages (`<schema>.sms_messages`: tenant_id, delivery_id,
 * phone_number, body; an id made by the table), written in the attempt's transaction under the company's row-level
 * security.
 */
export class TableSmsLog implements SmsLog {
  constructor(private readonly table: string) {
    if (!/^[a-z_]+\.[a-z_]+$/.test(table)) throw new Error(`bad SMS table name ${table}`);
  }

  async logSms(
    tx: ReadTx,
    row: { tenantId: string; deliveryId: string; phoneNumber: string; body: string },
  ): Promise<string> {
    const [created] = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO ${this.table} (tenant_id, delivery_id, phone_number, body)
       VALUES (:tenantId, :deliveryId, :phoneNumber, :body) RETURNING id`,
      row,
    );
    return created!.id;
  }
}

/** Numbers of the ITU-reserved +999 range (no country has it): the logging provider refuses them, as a real one would refuse an unreachable number. */
export const UNREACHABLE_TEST_PREFIX = '+999';

/** A phone number as sent: without the spaces, brackets and dashes people type. */
export const compactPhoneNumber = (phoneNumber: string): string => phoneNumber.replace(/[\s()-]/g, '');

export class SmsRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsRefusedError';
  }
}

/**
 * The local SMS provider (docs/decisions/0184-sms-provider.md, 0315): nothing leaves the machine; the message is
 * stored through the service's SmsLog (its own sms_messages table, in the attempt's transaction) and logged without
 * its link. A number of the reserved +999 range is refused (the way a gateway refuses an unreachable number), so
 * retries can be seen and tested. A real gateway implements SmsProvider and is bound to SMS_PROVIDER instead.
 */
@Injectable()
export class LoggingSmsProvider implements SmsProvider {
  readonly name = 'logging';

  constructor(
    @Inject(SMS_LOG) private readonly log: SmsLog,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async send(tx: ReadTx, message: SmsMessage): Promise<{ providerId: string }> {
    const to = compactPhoneNumber(message.to);
    if (to.startsWith(UNREACHABLE_TEST_PREFIX)) throw new SmsRefusedError(`SMS refused: ${to} is not reachable`);
    const id = await this.log.logSms(tx, {
      tenantId: message.tenantId,
      deliveryId: message.deliveryId,
      phoneNumber: to,
      body: message.body,
    });
    this.logger.info(
      { deliveryId: message.deliveryId, smsId: id, length: message.body.length },
      'SMS stored (logging provider)',
    );
    return { providerId: `logging:${id}` };
  }
}

/** A worker's SMS: the logging provider, storing in the service's `table` (e.g. `lims.sms_messages`). */
export const loggingSmsProviders = (table: string): Provider[] => [
  { provide: SMS_LOG, useValue: new TableSmsLog(table) },
  { provide: SMS_PROVIDER, useClass: LoggingSmsProvider },
];

/**
 * One SMS attempt of a delivery, in its transaction (docs/decisions/0184, 0315): a new link under `route` whose token
 * hash `keep` stores on the delivery with its life (SMS_LINK_TTL_SECONDS; the link before no longer opens), then the
 * text with the link (no patient name) through the provider.
 */
export async function sendDeliveryLinkBySms(
  tx: ReadTx,
  provider: SmsProvider,
  delivery: { tenantId: string; deliveryId: string; to: string },
  link: { publicBaseUrl: string; route: string; keep: (tokenHash: string, ttlSeconds: number) => Promise<void> },
): Promise<{ providerId: string }> {
  const made = newDeliveryLink(link.publicBaseUrl, link.route, delivery.tenantId);
  await link.keep(made.tokenHash, SMS_LINK_TTL_SECONDS);
  return provider.send(tx, { ...delivery, body: reportSmsText(made.url, Math.round(SMS_LINK_TTL_SECONDS / 3600)) });
}
