import { formatMoney } from '@rayworks/contracts';
import type { LocalCheckout } from './local-checkout-token.js';

/** The local gateway's routes inside billing, apart from billing's own API (docs/decisions/0282). */
export const LOCAL_GATEWAY_ROUTES = {
  checkout: '/local-gateway/checkout/:token',
  complete: '/local-gateway/checkout/:token/:result',
} as const;

/** What the patient may do on the checkout page. */
export const LOCAL_CHECKOUT_RESULTS = ['pay', 'decline'] as const;
export type LocalCheckoutResult = (typeof LOCAL_CHECKOUT_RESULTS)[number];

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A plain page (no style, no script: billing's answers are served under the gateway's API policy, default-src
 * 'none'), like a provider's hosted checkout: what is paid, for whom, and two buttons. Each button posts a form to the
 * gateway (`<token>/pay`, `<token>/decline`, relative to the page's own address).
 */
export function checkoutPage(token: string, checkout: LocalCheckout): string {
  const amount = escape(formatMoney({ amountMinor: checkout.amountMinor, currency: checkout.currency }));
  const action = (result: LocalCheckoutResult) => `${escape(token)}/${result}`;
  return document(
    `Pay ${amount}`,
    `<p><strong>Rayworks local payment gateway</strong>. A test gateway: no money is taken.</p>
<h1>Pay ${amount}</h1>
<dl>
<dt>For</dt><dd data-testid="local-checkout-description">${escape(checkout.description)}</dd>
<dt>Payer</dt><dd>${escape(checkout.payerName)}</dd>
<dt>Checkout</dt><dd><code>${escape(checkout.checkoutId)}</code></dd>
</dl>
<form method="post" action="${action('pay')}"><p><button type="submit" data-testid="local-checkout-pay">Pay ${amount}</button></p></form>
<form method="post" action="${action('decline')}"><p><button type="submit" data-testid="local-checkout-decline">Decline the payment</button></p></form>`,
  );
}

/** A page that says why the checkout cannot be paid (not this gateway's, or past its expiry). */
export function checkoutProblemPage(title: string, detail: string): string {
  return document(
    title,
    `<p><strong>Rayworks local payment gateway</strong></p>\n<h1>${escape(title)}</h1>\n<p>${escape(detail)}</p>`,
  );
}

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} · Local payment gateway</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
