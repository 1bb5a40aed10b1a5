import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@rayworks/nest-kit';
import { loadPaymentLinkSettings } from './payment-link.settings.js';

const SECRET = 'x'.repeat(40);
const problems = (env: Record<string, string>): string[] => {
  try {
    loadPaymentLinkSettings(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};

describe('the settings of online payment', () => {
  it('runs the local provider outside production, its webhooks through the gateway at the public address', () => {
    expect(
      loadPaymentLinkSettings({ PAYMENT_WEBHOOK_SECRET: SECRET, PUBLIC_BASE_URL: 'https://pacs.example.in/' }),
    ).toEqual({
      provider: 'local',
      publicBaseUrl: 'https://pacs.example.in',
      webhookSecret: SECRET,
      localWebhookUrl: 'https://pacs.example.in/api/billing/payment-link/webhook/local',
    });
  });

  it('is off in production unless a provider is named, and never runs the local one there', () => {
    expect(loadPaymentLinkSettings({ NODE_ENV: 'production' }).provider).toBe('none');
    expect(problems({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'local', PAYMENT_WEBHOOK_SECRET: SECRET })).toEqual([
      'PAYMENT_PROVIDER: local takes no money and is refused in production (set none, or a real provider)',
    ]);
  });

  it('names a missing or short secret, and an unknown provider', () => {
    expect(problems({})).toEqual(['PAYMENT_WEBHOOK_SECRET is required when PAYMENT_PROVIDER is local']);
    expect(problems({ PAYMENT_WEBHOOK_SECRET: 'short' })).toEqual([
      'PAYMENT_WEBHOOK_SECRET: must be at least 32 characters',
    ]);
    expect(problems({ PAYMENT_PROVIDER: 'paypal', PAYMENT_WEBHOOK_SECRET: SECRET })[0]).toMatch(/^PAYMENT_PROVIDER: /);
    expect(loadPaymentLinkSettings({ PAYMENT_PROVIDER: 'none' }).provider).toBe('none');
  });
});
