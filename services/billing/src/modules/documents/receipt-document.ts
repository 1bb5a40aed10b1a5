import { PAYMENT_MODE_LABELS } from '@rayworks/contracts';
import { rupeesInWords } from './amount-in-words.js';
import { facts, html, letterhead, money, onCentreClock, page, patientFacts } from './document-page.js';
import type { ReceiptDocumentView } from './document-view.js';

/**
 * The printed receipt of one payment (docs/decisions/0259), on half an A4 sheet (A5 landscape) as a desk prints it:
 * the centre's letterhead, the receipt's number and date, the patient, the amount received in figures and in words,
 * the mode and its reference, who received it, and what is paid and left on the invoice right after it.
 */
export function renderReceiptDocument(view: ReceiptDocumentView): string {
  const { currency, payment } = view;
  const body = `${letterhead(view.centre, 'Payment Receipt', `Receipt No. ${view.receiptNumber}`)}
<div class="panels">
  <div class="panel"><h2>Patient</h2>${facts(patientFacts(view.patient))}</div>
  <div class="panel"><h2>Receipt</h2>${facts([
    ['Receipt No.', view.receiptNumber],
    ['Date', onCentreClock(payment.takenAt, view.timeZone)],
    ['Against Invoice', view.invoice.number],
    ['Invoice Date', onCentreClock(view.invoice.issuedAt, view.timeZone)],
  ])}</div>
</div>
<div class="amount-box">
  <div>
    <div class="muted">Received with thanks the sum of</div>
    <div><strong>${html(rupeesInWords(payment.amountMinor))}</strong></div>
  </div>
  <div class="amount">${money(payment.amountMinor, currency)}</div>
</div>
<div class="summary">
  <div class="left">${facts([
    ['Payment Mode', PAYMENT_MODE_LABELS[payment.mode]],
    ['Reference', payment.reference ?? '—'],
    ['Received By', payment.takenBy],
  ])}</div>
  <table class="totals">
    <tr><td>Invoice Amount</td><td class="num">${money(view.invoice.totalMinor, currency)}</td></tr>
    <tr><td>This Payment</td><td class="num">${money(payment.amountMinor, currency)}</td></tr>
    <tr><td>Total Paid</td><td class="num">${money(view.paidAfterMinor, currency)}</td></tr>
    <tr class="due"><td>Balance After Payment</td><td class="num">${money(view.balanceAfterMinor, currency)}</td></tr>
  </table>
</div>
<div class="signatory"><div class="notes">All dates on the centre's clock (${html(view.timeZone)}).</div><div class="sign">Authorised Signatory</div></div>
<div class="footer">Computer-generated receipt · ${html(view.receiptNumber)}</div>`;

  return page({ title: `Receipt ${view.receiptNumber}`, size: 'A5 landscape', margin: '9mm 11mm 9mm 11mm', body });
}
