import { describe, expect, it } from '@jest/globals';
import { SMS_LINK_TTL_SECONDS } from '@rayworks/contracts';
import { createLogger } from '../logging/logger.js';
import { hashLinkToken, parseLinkToken } from './link-token.js';
import type { ReadTx } from '../database/unit-of-work.js';
import {
  compactPhoneNumber,
  loggingSmsProviders,
  LoggingSmsProvider,
  SMS_LOG,
  SMS_PROVIDER,
  sendDeliveryLinkBySms,
  SmsRefusedError,
  TableSmsLog,
  type SmsLog,
} from './sms-provider.js';

const tx = {} as ReadTx;
const logger = createLogger('spec', 'silent');

/** An SmsLog that keeps what it is given in memory. */
function memoryLog(): SmsLog & { rows: Parameters<SmsLog['logSms']>[1][] } {
  const rows: Parameters<SmsLog['logSms']>[1][] = [];
  return {
    rows,
    logSms: (_tx, row) => {
      rows.push(row);
      return Promise.resolve(`sms-${rows.length}`);
    },
  };
}

describe('the logging SMS provider', () => {
  it('stores the message with the number as sent, and answers its id', async () => {
    const log = memoryLog();
    const sent = await new LoggingSmsProvider(log, logger).send(tx, {
      tenantId: 't',
      deliveryId: 'd',
      to: '+91 (98000) 000-01',
      body: 'link',
    });
    expect(sent).toEqual({ providerId: 'logging:sms-1' });
    expect(log.rows).toEqual([{ tenantId: 't', deliveryId: 'd', phoneNumber: '+919800000001', body: 'link' }]);
  });

  it('refuses a number of the reserved +999 range and stores nothing', async () => {
    const log = memoryLog();
    const send = new LoggingSmsProvider(log, logger).send(tx, {
      tenantId: 't',
      deliveryId: 'd',
      to: '+999 555 0100',
      body: 'link',
    });
    await expect(send).rejects.toThrow(SmsRefusedError);
    await expect(send).rejects.toThrow('SMS refused: +9995550100 is not reachable');
    expect(log.rows).toEqual([]);
  });

  it('sends numbers without the spaces, brackets and dashes people type', () => {
    expect(compactPhoneNumber(' +91 98000-00001 ')).toBe('+919800000001');
  });
});

describe("a service's table of stored SMS", () => {
  it('binds the logging provider over the table, and refuses a name that is not schema.table', () => {
    const [log, provider] = loggingSmsProviders('lims.sms_messages') as [
      { provide: symbol; useValue: unknown },
      { provide: symbol; useClass: unknown },
    ];
    expect(log.provide).toBe(SMS_LOG);
    expect(log.useValue).toBeInstanceOf(TableSmsLog);
    expect(provider).toEqual({ provide: SMS_PROVIDER, useClass: LoggingSmsProvider });
    for (const bad of ['sms_messages', 'lims.sms_messages; DROP TABLE x', 'Lims.Sms'])
      expect(() => new TableSmsLog(bad)).toThrow(`bad SMS table name ${bad}`);
  });
});

describe("a delivery's link by SMS", () => {
  it('keeps the hash of a new link with its life, then sends the text with the link and no more', async () => {
    const log = memoryLog();
    const kept: [string, number][] = [];
    const tenantId = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a11';
    const sent = await sendDeliveryLinkBySms(
      tx,
      new LoggingSmsProvider(log, logger),
      { tenantId, deliveryId: 'd', to: '+919800000001' },
      {
        publicBaseUrl: 'http://localhost:8080/',
        route: '/api/lims/r',
        keep: (hash, ttl) => {
          kept.push([hash, ttl]);
          return Promise.resolve();
        },
      },
    );
    expect(sent).toEqual({ providerId: 'logging:sms-1' });
    const url = /(http:\/\/localhost:8080\/api\/lims\/r\/\S+)/.exec(log.rows[0]!.body)![1]!;
    const { secret } = parseLinkToken(url.split('/').pop()!)!;
    expect(kept).toEqual([[hashLinkToken(secret), SMS_LINK_TTL_SECONDS]]);
    expect(log.rows[0]!.body).toBe(`Your Rayworks report is ready. Open it within 72 hours: ${url}`);
  });
});
