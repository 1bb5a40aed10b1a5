import { describe, expect, it } from '@jest/globals';
import { formatMoney } from '@rayworks/contracts';
import type { ReceiptDocumentView } from './document-view.js';
import { renderReceiptDocument } from './receipt-document.js';

const view: ReceiptDocumentView = {
  centre: { name: 'Sunrise Diagnostics', code: 'BLR01', addressLines: ['12 MG Road, Bengaluru 560001'] },
  patient: { name: 'Asha & Co', mrNumber: 'BLR01-000042', age: null, gender: 'Female', phoneNumber: '9876543210' },
  timeZone: 'Asia/Kolkata',
  currency: 'INR',
  receiptNumber: 'BLR01/2026-27/000123/R2',
  invoice: { number: 'BLR01/2026-27/000123', issuedAt: new Date('2026-11-29T04:00:00Z'), totalMinor: 405000 },
  payment: {
    takenAt: new Date('2026-11-29T18:45:00Z'),
    amountMinor: 150050,
    mode: 'CHEQUE',
    reference: 'CHQ <001122>',
    takenBy: 'desk.asha',
  },
  paidAfterMinor: 350050,
  balanceAfterMinor: 54950,
};

const totalRow = (html: string, label: string): string | undefined =>
  new RegExp(`<td>${label}</td><td class="num">([^<]*)</td>`).exec(html)?.[1];

describe('renderReceiptDocument', () => {
  it('prints the amount received in figures (formatMoney) and in words, the mode and its reference (escaped)', () => {
    const html = renderReceiptDocument(view);
    expect(html).toContain(`<div class="amount">${formatMoney({ amountMinor: 150050, currency: 'INR' })}</div>`);
    expect(html).toContain('₹1,500.50');
    expect(html).toContain('Rupees One Thousand Five Hundred and Fifty Paise Only');
    expect(html).toContain('<tr><th>Payment Mode</th><td>Cheque</td></tr>');
    expect(html).toContain('CHQ &#60;001122&#62;');
    expect(html).toContain('<tr><th>Received By</th><td>desk.asha</td></tr>');
  });

  it('states the balance after this payment, the receipt and invoice numbers, the date on the centre clock', () => {
    const html = renderReceiptDocument(view);
    expect(totalRow(html, 'Invoice Amount')).toBe('₹4,050.00');
    expect(totalRow(html, 'Total Paid')).toBe('₹3,500.50');
    expect(totalRow(html, 'Balance After Payment')).toBe('₹549.50');
    expect(html).toContain('Receipt No. BLR01/2026-27/000123/R2');
    expect(html).toContain('<tr><th>Against Invoice</th><td>BLR01/2026-27/000123</td></tr>');
    // 18:45 UTC is 00:15 the next day in India
    expect(html).toContain('30 Nov 2026, 12:15 AM');
    expect(html).toContain('Asha &#38; Co');
    expect(html).toContain('<tr><th>Age / Gender</th><td>F</td></tr>');
    expect(html).toContain('@page { size: A5 landscape;');
    expect(html).not.toMatch(/<script|<img|https?:\/\//i);
  });
});
