import {
  escapeHtml,
  formatExactMoney,
  formatMoney,
  formatReportDate,
  type ExactAmount,
  type Gender,
  type Money,
} from '@rayworks/contracts';
import type { DocumentCentre, DocumentPatient } from './document-view.js';

/**
 * What the printed invoice and receipt share (docs/decisions/0259): the page (a self-contained document: styles inline,
 * no script, no image, nothing fetched — the kit's printer refuses every request anyway), the centre's letterhead,
 * the patient block, and the one way amounts and dates are written.
 */

export const html = escapeHtml;

/** Whole minor units as the document writes them: formatMoney ('₹1,23,456.78'). */
export const money = (amountMinor: number, currency: Money['currency']): string =>
  formatMoney({ amountMinor, currency });

/** An exact amount (invoiceTotals' decimal text) as the document writes it: formatExactMoney ('₹10.005'). */
export const exact = (amount: ExactAmount, currency: Money['currency']): string => formatExactMoney(amount, currency);

/** An exact amount is zero ('0', '0.00', '-0.000'). */
export const isZero = (amount: ExactAmount): boolean => /^-?0(\.0+)?$/.test(amount);

/** A date and time on the centre's clock: '29 Nov 2026, 05:31 PM'. */
export const onCentreClock = (at: Date, timeZone: string): string => formatReportDate(at, timeZone);

const GENDER_SHORT: Record<Gender, string> = { Male: 'M', Female: 'F', Other: 'O' };

/** '42 Y / M', '42 Y', 'M', or '—'. */
export function ageAndGender(p: Pick<DocumentPatient, 'age' | 'gender'>): string {
  const parts = [p.age === null ? null : `${p.age} Y`, p.gender ? GENDER_SHORT[p.gender] : null];
  return parts.filter(Boolean).join(' / ') || '—';
}

/** The centre's letterhead: its name, address lines and, on the right, the document's title and number. */
export function letterhead(centre: DocumentCentre, title: string, subtitle: string): string {
  return `<header class="letterhead">
  <div class="centre">
    <div class="centre-name">${html(centre.name)}</div>
    ${centre.addressLines.map((line) => `<div class="centre-line">${html(line)}</div>`).join('\n    ')}
    <div class="centre-line muted">Centre code ${html(centre.code)}</div>
  </div>
  <div class="doc-title">
    <div class="title">${html(title)}</div>
    <div class="subtitle">${html(subtitle)}</div>
  </div>
</header>`;
}

/** Label/value rows of the patient and document blocks. */
export const facts = (rows: readonly (readonly [string, string])[]): string =>
  `<table class="facts">${rows
    .map(([label, value]) => `<tr><th>${html(label)}</th><td>${html(value)}</td></tr>`)
    .join('')}</table>`;

/** The patient as the invoice and the receipt print it. */
export const patientFacts = (p: DocumentPatient): readonly (readonly [string, string])[] => [
  ['Patient Name', p.name],
  ['MR No.', p.mrNumber],
  ['Age / Gender', ageAndGender(p)],
  ['Phone', p.phoneNumber ?? '—'],
];

const STYLE = `
  * { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body { font-family: 'DejaVu Sans', system-ui, sans-serif; font-size: 9pt; color: #1d2428; line-height: 1.35;
    font-variant-numeric: tabular-nums; }
  .muted { color: #5f6b70; }
  .letterhead { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px;
    border-bottom: 2.5px solid #0d5c63; padding-bottom: 8px; margin-bottom: 10px; }
  .centre-name { font-size: 16pt; font-weight: bold; color: #0d5c63; letter-spacing: 0.2px; }
  .centre-line { font-size: 8.5pt; }
  .doc-title { text-align: right; }
  .doc-title .title { font-size: 13pt; font-weight: bold; text-transform: uppercase; letter-spacing: 1px; }
  .doc-title .subtitle { font-size: 8pt; color: #5f6b70; margin-top: 2px; }
  .panels { display: flex; gap: 10px; margin-bottom: 10px; }
  .panel { flex: 1; border: 1px solid #c6d2d5; border-radius: 4px; padding: 6px 8px; }
  .panel h2 { margin: 0 0 4px; font-size: 7.5pt; text-transform: uppercase; letter-spacing: 0.8px; color: #0d5c63; }
  table { border-collapse: collapse; width: 100%; }
  .facts th { text-align: left; font-weight: normal; color: #5f6b70; width: 34%; padding: 1px 6px 1px 0;
    vertical-align: top; }
  .facts td { font-weight: bold; padding: 1px 0; white-space: nowrap; }
  .lines { margin-bottom: 8px; }
  .lines th { background: #e7f0f1; color: #0d3f44; font-size: 7.5pt; text-transform: uppercase; letter-spacing: 0.3px;
    text-align: left; padding: 5px 5px; border-top: 1px solid #9fb7bb; border-bottom: 1px solid #9fb7bb; }
  .lines td { padding: 5px 5px; border-bottom: 1px solid #dde5e7; vertical-align: top; }
  .lines .num { text-align: right; white-space: nowrap; }
  .lines .code { font-size: 7.5pt; color: #5f6b70; }
  .price-kind { display: inline-block; font-size: 7pt; font-weight: bold; padding: 0 4px; border-radius: 3px;
    border: 1px solid #9fb7bb; color: #0d3f44; white-space: nowrap; }
  .price-kind.holiday { border-color: #b9770e; color: #8a5408; background: #fdf3e1; }
  .price-kind.night { border-color: #3d4f9f; color: #2b3a80; background: #eaedfa; }
  .summary { display: flex; gap: 14px; align-items: flex-start; }
  .summary .left { flex: 1; }
  .totals { width: 46%; }
  .totals td { padding: 2px 4px; }
  .totals td.num { text-align: right; white-space: nowrap; }
  .totals tr.net td { font-weight: bold; font-size: 10.5pt; border-top: 1.5px solid #1d2428; padding-top: 4px; }
  .totals tr.due td { font-weight: bold; background: #e7f0f1; }
  .words { border: 1px dashed #9fb7bb; border-radius: 4px; padding: 5px 7px; margin-bottom: 8px; }
  .words .label { font-size: 7.5pt; color: #5f6b70; text-transform: uppercase; letter-spacing: 0.5px; }
  .section-title { font-size: 7.5pt; text-transform: uppercase; letter-spacing: 0.8px; color: #0d5c63;
    margin: 8px 0 3px; font-weight: bold; }
  .history td, .history th { padding: 3px 5px; border-bottom: 1px solid #dde5e7; text-align: left; font-size: 8pt; }
  .history th { color: #5f6b70; font-weight: normal; }
  .history .num { text-align: right; }
  .stamp { display: inline-block; border: 2px solid currentColor; border-radius: 4px; padding: 1px 8px;
    font-weight: bold; letter-spacing: 1.5px; text-transform: uppercase; font-size: 10pt; }
  .stamp.PAID { color: #1e7d3a; }
  .stamp.PART_PAID { color: #b9770e; }
  .stamp.UNPAID { color: #b42318; }
  .stamp.CANCELLED { color: #6b7478; }
  .notes { margin-top: 12px; font-size: 7.5pt; color: #5f6b70; }
  .signatory { margin-top: 26px; display: flex; justify-content: space-between; align-items: flex-end; }
  .signatory .sign { text-align: center; min-width: 150px; border-top: 1px solid #5f6b70; padding-top: 3px;
    font-size: 8pt; }
  .footer { margin-top: 12px; border-top: 1px solid #c6d2d5; padding-top: 4px; font-size: 7pt; color: #5f6b70;
    text-align: center; }
  .amount-box { border: 1.5px solid #0d5c63; border-radius: 4px; padding: 8px 10px; margin: 8px 0; display: flex;
    justify-content: space-between; align-items: center; }
  .amount-box .amount { font-size: 16pt; font-weight: bold; color: #0d5c63; }
`;

/**
 * The whole document: the page size and margins of `@page`, the styles above, and a Content-Security-Policy that
 * allows no script, no fetch and no image (the document needs none).
 */
export function page(opts: { title: string; size: string; margin: string; body: string }): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${html(opts.title)}</title>
<style>
  @page { size: ${opts.size}; margin: ${opts.margin}; }
${STYLE}
</style>
</head>
<body>
${opts.body}
</body>
</html>
`;
}
