import {
  formatBasisPoints,
  PATIENT_INVOICE_STATUS_LABELS,
  PAYMENT_MODE_LABELS,
  PRICE_KIND_LABELS,
  type LineDiscount,
  type TaxRule,
} from '@rayworks/contracts';
import { rupeesInWords } from './amount-in-words.js';
import { exact, facts, html, isZero, letterhead, money, onCentreClock, page, patientFacts } from './document-page.js';
import type { InvoiceDocumentLine, InvoiceDocumentView } from './document-view.js';

/** A line's discount as printed beside its amount: '(10%)' for a share of the price, nothing for an amount. */
const discountShare = (d: LineDiscount | null): string =>
  d?.kind === 'basisPoints' ? ` <span class="muted">(${html(formatBasisPoints(d.basisPoints))})</span>` : '';

/** CGST and SGST are each half of an intra-state rate; IGST is the whole inter-state rate. */
const halfRate = (tax: TaxRule): string =>
  tax.kind === 'intraState' ? formatBasisPoints(tax.rateBasisPoints / 2) : '';
const wholeRate = (tax: TaxRule): string => (tax.kind === 'interState' ? formatBasisPoints(tax.rateBasisPoints) : '');

/** A tax cell: the amount and its rate under it; empty for a line the tax does not apply to. */
const taxCell = (amount: string, rate: string, currency: InvoiceDocumentView['currency']): string =>
  rate ? `${exact(amount, currency)}<div class="code">@ ${html(rate)}</div>` : '<span class="muted">—</span>';

/** The name of a line, its code, and the price it was billed at when that was not the normal one. */
function lineName(line: InvoiceDocumentLine): string {
  const kind =
    line.priceKind === 'normal'
      ? ''
      : ` <span class="price-kind ${line.priceKind}">${html(PRICE_KIND_LABELS[line.priceKind])}</span>`;
  return `${html(line.name)}${kind}<div class="code">${html(line.code)}</div>`;
}

/**
 * The printed patient invoice (docs/decisions/0259): the centre's letterhead, the patient and the bill's facts, the
 * lines with the price each was billed at named (Holiday Price, Night Price), discounts, CGST/SGST or IGST columns
 * only when a line is taxed, the totals (round-off, credit notes, paid, balance), the net amount in words and the
 * payment history. A bill with no taxed line is a Bill of Supply (diagnostic services are exempt from GST).
 */
export function renderInvoiceDocument(view: InvoiceDocumentView): string {
  const { currency, lines, totals, invoice } = view;
  const intra = lines.some((l) => l.tax.kind === 'intraState');
  const inter = lines.some((l) => l.tax.kind === 'interState');
  const taxed = intra || inter;
  const title = taxed ? 'Tax Invoice' : 'Bill of Supply';

  const head = [
    '<th>#</th>',
    '<th>Test / Package</th>',
    '<th class="num">Rate</th>',
    '<th class="num">Qty</th>',
    '<th class="num">Amount</th>',
    '<th class="num">Discount</th>',
    taxed ? '<th class="num">Taxable</th>' : '',
    intra ? '<th class="num">CGST</th><th class="num">SGST</th>' : '',
    inter ? '<th class="num">IGST</th>' : '',
    '<th class="num">Net</th>',
  ].join('');
  const rows = lines
    .map((line, i) =>
      [
        `<td>${i + 1}</td>`,
        `<td>${lineName(line)}</td>`,
        `<td class="num">${money(line.unitMinor, currency)}</td>`,
        `<td class="num">${line.quantity}</td>`,
        `<td class="num">${money(line.grossMinor, currency)}</td>`,
        `<td class="num">${isZero(line.discountExact) ? '<span class="muted">—</span>' : `${exact(line.discountExact, currency)}${discountShare(line.discount)}`}</td>`,
        taxed ? `<td class="num">${exact(line.taxableExact, currency)}</td>` : '',
        intra
          ? `<td class="num">${taxCell(line.cgstExact, halfRate(line.tax), currency)}</td><td class="num">${taxCell(line.sgstExact, halfRate(line.tax), currency)}</td>`
          : '',
        inter ? `<td class="num">${taxCell(line.igstExact, wholeRate(line.tax), currency)}</td>` : '',
        `<td class="num">${exact(line.totalExact, currency)}</td>`,
      ].join(''),
    )
    .map((cells) => `<tr>${cells}</tr>`)
    .join('\n');

  const totalRows: [string, string, string?][] = [['Gross Amount', money(totals.grossMinor, currency)]];
  if (!isZero(totals.discountExact)) totalRows.push(['Less: Discount', `− ${exact(totals.discountExact, currency)}`]);
  if (taxed) totalRows.push(['Taxable Value', exact(totals.taxableExact, currency)]);
  if (!isZero(totals.cgstExact)) totalRows.push(['CGST', exact(totals.cgstExact, currency)]);
  if (!isZero(totals.sgstExact)) totalRows.push(['SGST', exact(totals.sgstExact, currency)]);
  if (!isZero(totals.igstExact)) totalRows.push(['IGST', exact(totals.igstExact, currency)]);
  if (!isZero(totals.roundOffExact)) totalRows.push(['Round Off', exact(totals.roundOffExact, currency)]);
  totalRows.push(['Net Amount', money(totals.totalMinor, currency), 'net']);
  if (totals.creditedMinor > 0) totalRows.push(['Less: Credit Notes', `− ${money(totals.creditedMinor, currency)}`]);
  totalRows.push(['Amount Paid', money(totals.paidMinor, currency)]);
  totalRows.push(['Balance Due', money(totals.balanceMinor, currency), 'due']);

  const kindsBilled = [...new Set(lines.map((l) => l.priceKind))].filter((k) => k !== 'normal');
  const kindNotes = kindsBilled.map((k) =>
    k === 'holiday'
      ? `${PRICE_KIND_LABELS.holiday}: billed on a holiday of the centre's calendar.`
      : `${PRICE_KIND_LABELS.night}: billed in the centre's night hours.`,
  );

  const history = view.ledger.length
    ? `<div class="section-title">Payment Details</div>
<table class="history">
<tr><th>Date</th><th>Type</th><th>Mode</th><th>Reference</th><th class="num">Amount</th></tr>
${view.ledger
  .map(
    (e) =>
      `<tr><td>${html(onCentreClock(e.takenAt, view.timeZone))}</td><td>${e.kind === 'PAYMENT' ? 'Payment' : 'Refund'}</td><td>${html(PAYMENT_MODE_LABELS[e.mode])}</td><td>${html(e.reference ?? '—')}</td><td class="num">${e.kind === 'REFUND' ? '− ' : ''}${money(e.amountMinor, currency)}</td></tr>`,
  )
  .join('\n')}
</table>`
    : '';

  const body = `${letterhead(view.centre, title, `Invoice No. ${invoice.number}`)}
<div class="panels">
  <div class="panel"><h2>Patient</h2>${facts(patientFacts(view.patient))}</div>
  <div class="panel"><h2>Bill</h2>${facts([
    ['Invoice No.', invoice.number],
    ['Date', onCentreClock(invoice.issuedAt, view.timeZone)],
    ['Status', PATIENT_INVOICE_STATUS_LABELS[invoice.status]],
  ])}</div>
</div>
<table class="lines">
<tr>${head}</tr>
${rows}
</table>
<div class="summary">
  <div class="left">
    <div class="words"><div class="label">Net amount in words</div>${html(rupeesInWords(totals.totalMinor))}</div>
    <div><span class="stamp ${invoice.status}">${html(PATIENT_INVOICE_STATUS_LABELS[invoice.status])}</span></div>
    ${kindNotes.map((n) => `<div class="notes">${html(n)}</div>`).join('\n    ')}
  </div>
  <table class="totals">
    ${totalRows.map(([label, value, cls]) => `<tr${cls ? ` class="${cls}"` : ''}><td>${html(label)}</td><td class="num">${value}</td></tr>`).join('\n    ')}
  </table>
</div>
${history}
<div class="notes">${taxed ? 'Tax is charged as shown per line.' : 'Healthcare services by a clinical establishment are exempt from GST.'} All dates on the centre's clock (${html(view.timeZone)}).</div>
<div class="signatory"><div class="sign">Patient / Attendant</div><div class="sign">Authorised Signatory</div></div>
<div class="footer">Computer-generated invoice · ${html(invoice.number)} · version ${invoice.version}</div>`;

  return page({ title: `${title} ${invoice.number}`, size: 'A4', margin: '12mm 12mm 12mm 12mm', body });
}
