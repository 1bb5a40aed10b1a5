import { BILLING_API, PAYMENT_PROVIDERS, serviceApiPrefix, type PaymentProviderName } from '@rayworks/contracts';
import { ConfigError, loadEnv } from '@rayworks/nest-kit';
import { z } from 'zod';

/**
 * The settings of online payment (docs/decisions/0282), read from the environment when billing starts (a wrong value
 * stops the start with a message naming it, docs/decisions/0227):
 * - PAYMENT_PROVIDER: `local` (the stack's own gateway, which takes no money) or `none` (online payment off). Unset:
 *   `local`, except with NODE_ENV=production, where it is `none` and `local` is refused.
 * - PAYMENT_WEBHOOK_SECRET: the secret billing and the provider sign webhooks with (at least 32 characters); required
 *   unless the provider is `none`.
 * - PUBLIC_BASE_URL: where browsers reach the console (the /payment page's links, the local checkout page).
 * - LOCAL_PAYMENT_WEBHOOK_URL: where the local gateway posts its webhooks; unset, billing's webhook through the
 *   gateway at PUBLIC_BASE_URL, as a real provider reaches it.
 */
export const paymentLinkEnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
  PAYMENT_PROVIDER: z.enum(['none', ...PAYMENT_PROVIDERS]).optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOCAL_PAYMENT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export interface PaymentLinkSettings {
  provider: PaymentProviderName | 'none';
  /** Without a trailing slash. */
  publicBaseUrl: string;
  webhookSecret: string;
  localWebhookUrl: string;
}

export const PAYMENT_LINK_SETTINGS = Symbol('PAYMENT_LINK_SETTINGS');

export function loadPaymentLinkSettings(env: Record<string, string | undefined> = process.env): PaymentLinkSettings {
  const parsed = loadEnv(paymentLinkEnvSchema, env);
  const production = parsed.NODE_ENV === 'production';
  const provider = parsed.PAYMENT_PROVIDER ?? (production ? 'none' : 'local');
  const problems: string[] = [];
  if (provider === 'local' && production)
    problems.push('PAYMENT_PROVIDER: local takes no money and is refused in production (set none, or a real provider)');
  if (provider !== 'none' && !parsed.PAYMENT_WEBHOOK_SECRET)
    problems.push(`PAYMENT_WEBHOOK_SECRET is required when PAYMENT_PROVIDER is ${provider}`);
  if (problems.length > 0) throw new ConfigError(problems);
  const publicBaseUrl = parsed.PUBLIC_BASE_URL.replace(/\/+$/, '');
  const webhookPath = BILLING_API.paymentLinkWebhook.path.replace(':provider', 'local');
  return {
    provider,
    publicBaseUrl,
    webhookSecret: parsed.PAYMENT_WEBHOOK_SECRET ?? '',
    localWebhookUrl: parsed.LOCAL_PAYMENT_WEBHOOK_URL ?? `${publicBaseUrl}${serviceApiPrefix('billing')}${webhookPath}`,
  };
}
