import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { NestFactory } from '@nestjs/core';
import { ConfigError } from '@rayworks/nest-kit';
import { withEnv } from '@rayworks/testing';
import { BillingConfigModule } from './billing-config.module.js';
import { BILLING_ENV, billingEnvSchema, loadBillingEnv } from './env.js';

/** Boots the service's config module with these variables set, as both billing processes' start does. */
const bootWith = (vars: Record<string, string>) =>
  withEnv(vars, async () => {
    const app = await NestFactory.createApplicationContext(BillingConfigModule, { logger: false, abortOnError: false });
    const env = app.get(BILLING_ENV);
    await app.close();
    return env;
  });

describe("the billing service's variables", () => {
  it('has its defaults when unset', () => {
    expect(loadBillingEnv({})).toEqual({ CHROMIUM_PATH: '/usr/bin/chromium', DOCUMENT_PDF_CONCURRENCY: 2 });
  });

  it('reads what is set', async () => {
    expect(await bootWith({ CHROMIUM_PATH: '/opt/chromium/chrome', DOCUMENT_PDF_CONCURRENCY: '4' })).toEqual({
      CHROMIUM_PATH: '/opt/chromium/chrome',
      DOCUMENT_PDF_CONCURRENCY: 4,
    });
  });

  it.each([
    ['DOCUMENT_PDF_CONCURRENCY', '0'],
    ['DOCUMENT_PDF_CONCURRENCY', 'many'],
    ['CHROMIUM_PATH', ''],
  ])('stops the boot on %s=%s, naming the variable', async (name, value) => {
    const boot = bootWith({ [name]: value });
    await expect(boot).rejects.toBeInstanceOf(ConfigError);
    await expect(boot).rejects.toThrow(new RegExp(`${name}: `));
  });

  it('lists every variable in services/billing/.env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    for (const name of Object.keys(billingEnvSchema.shape)) expect(example).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
