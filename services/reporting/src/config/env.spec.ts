import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { NestFactory } from '@nestjs/core';
import { ConfigError } from '@rayworks/nest-kit';
import { withEnv } from '@rayworks/testing';
import { loadReportingEnv, REPORTING_ENV, reportingEnvSchema } from './env.js';
import { ReportingConfigModule } from './reporting-config.module.js';

const SMTP = { SMTP_URL: 'smtp://127.0.0.1:1025' };

/** Boots the service's config module with these variables set, as both reporting processes' start does. */
const bootWith = (vars: Record<string, string>) =>
  withEnv({ ...SMTP, ...vars }, async () => {
    const app = await NestFactory.createApplicationContext(ReportingConfigModule, {
      logger: false,
      abortOnError: false,
    });
    const env = app.get(REPORTING_ENV);
    await app.close();
    return env;
  });

describe("the reporting service's variables", () => {
  it('has its defaults when unset (SMTP_URL is required)', () => {
    expect(loadReportingEnv(SMTP)).toEqual({
      SMTP_URL: 'smtp://127.0.0.1:1025',
      MAIL_FROM: 'Rayworks <no-reply@rayworks.local>',
      PUBLIC_BASE_URL: 'http://localhost:8080',
      CHROMIUM_PATH: '/usr/bin/chromium',
      REPORT_PDF_CONCURRENCY: 2,
      DELIVERY_PDF_WAIT_MS: 30_000,
      SERVICE_URL_CASES: 'http://127.0.0.1:3002',
      SERVICE_URL_AUTH: 'http://127.0.0.1:3001',
      CRITICAL_ESCALATE_AFTER_MINUTES: 30,
      DICTATION_UNATTACHED_HOURS: 24,
      DICTATION_SWEEP_SECONDS: 900,
    });
    expect(() => loadReportingEnv({})).toThrow(/SMTP_URL is required but not set/);
  });

  it('reads what is set (service URLs without their trailing slash)', async () => {
    const env = await bootWith({
      SERVICE_URL_CASES: 'http://cases:3002/',
      SERVICE_URL_AUTH: 'http://auth:3001',
      CRITICAL_ESCALATE_AFTER_MINUTES: '15',
      DICTATION_UNATTACHED_HOURS: '48',
      DICTATION_SWEEP_SECONDS: '0',
    });
    expect(env).toMatchObject({
      DICTATION_UNATTACHED_HOURS: 48,
      DICTATION_SWEEP_SECONDS: 0,
      SERVICE_URL_CASES: 'http://cases:3002',
      SERVICE_URL_AUTH: 'http://auth:3001',
      CRITICAL_ESCALATE_AFTER_MINUTES: 15,
    });
  });

  it.each([
    ['CRITICAL_ESCALATE_AFTER_MINUTES', 'soon'],
    ['CRITICAL_ESCALATE_AFTER_MINUTES', '0'],
    ['SERVICE_URL_CASES', 'cases:3002'],
    ['SERVICE_URL_AUTH', 'not a url'],
    ['REPORT_PDF_CONCURRENCY', '0'],
    ['SMTP_URL', 'http://mail.example.com'],
    // a grace under an hour could take a recording whose attach is still coming (decision 0377)
    ['DICTATION_UNATTACHED_HOURS', '0'],
    ['DICTATION_SWEEP_SECONDS', '-1'],
  ])('stops the boot on %s=%s, naming the variable', async (name, value) => {
    const boot = bootWith({ [name]: value });
    await expect(boot).rejects.toBeInstanceOf(ConfigError);
    await expect(boot).rejects.toThrow(new RegExp(`${name}: `));
  });

  it('lists every variable in services/reporting/.env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    for (const name of Object.keys(reportingEnvSchema.shape)) expect(example).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
