import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { NestFactory } from '@nestjs/core';
import { ConfigError } from '@rayworks/nest-kit';
import { withEnv } from '@rayworks/testing';
import { CasesConfigModule } from './cases-config.module.js';
import { CASES_ENV, casesEnvSchema, loadCasesEnv } from './env.js';

/** Boots the service's config module with these variables set, as the service's start does. */
const bootWith = (vars: Record<string, string>) =>
  withEnv(vars, async () => {
    const app = await NestFactory.createApplicationContext(CasesConfigModule, { logger: false, abortOnError: false });
    const env = app.get(CASES_ENV);
    await app.close();
    return env;
  });

describe("the cases service's variables", () => {
  it('has its defaults when unset', () => {
    expect(loadCasesEnv({})).toEqual({
      PUBLIC_BASE_URL: 'http://localhost:8080',
      SERVICE_URL_IMAGING: 'http://127.0.0.1:3006',
      CASES_OFFER_SWEEP_SECONDS: 5,
    });
  });

  it('reads what is set (a service URL without its trailing slash)', async () => {
    const env = await bootWith({ SERVICE_URL_IMAGING: 'http://imaging:3006/', CASES_OFFER_SWEEP_SECONDS: '0' });
    expect(env).toMatchObject({ SERVICE_URL_IMAGING: 'http://imaging:3006', CASES_OFFER_SWEEP_SECONDS: 0 });
  });

  it.each([
    ['CASES_OFFER_SWEEP_SECONDS', 'soon'],
    ['CASES_OFFER_SWEEP_SECONDS', '-1'],
    ['SERVICE_URL_IMAGING', 'imaging:3006'],
    ['PUBLIC_BASE_URL', 'ftp://console.example.com'],
  ])('stops the boot on %s=%s, naming the variable', async (name, value) => {
    const boot = bootWith({ [name]: value });
    await expect(boot).rejects.toBeInstanceOf(ConfigError);
    await expect(boot).rejects.toThrow(new RegExp(`${name}: `));
  });

  it('lists every variable in services/cases/.env.example', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    for (const name of Object.keys(casesEnvSchema.shape)) expect(example).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
