import { describe, expect, it } from '@jest/globals';
import {
  EXEMPT_TAX,
  formatExactMoney,
  formatMoney,
  invoiceTotals,
  type InvoiceLineInput,
  type PriceKind,
} from '@rayworks/contracts';
import type { InvoiceDocumentView } from './document-view.js';
import { renderInvoiceDocument } from './invoice-document.js';

type Line = InvoiceLineInput & { code: string; name: string; priceKind: PriceKind };

/** A view as the loader makes it, its amounts from the real invoiceTotals. */
function invoiceView(lines: Line[], paidMinor = 0, creditedMinor = 0): InvoiceDocumentView {
  const totals = invoiceTotals(lines);
  return {
    centre: { name: 'Sunrise Diagnostics', code: 'BLR01', addressLines: ['12 MG Road, Bengaluru 560001'] },
    patient: {
      name: "Ravi O'Neil <Kumar>",
      mrNumber: 'BLR01-000042',
      age: 42,
      gender: 'Male',
      phoneNumber: '9876543210',
    },
    timeZone: 'Asia/Kolkata',
    currency: 'INR',
    invoice: {
      number: 'BLR01/2026-27/000123',
      issuedAt: new Date('2026-11-29T12:01:00Z'),
      status: paidMinor === 0 ? 'UNPAID' : 'PART_PAID',
      version: 2,
    },
    lines: lines.map((l, i) => ({
      code: l.code,
      name: l.name,
      priceKind: l.priceKind,
      unitMinor: l.priceMinor,
      quantity: l.quantity,
      discount: l.discount ?? null,
      tax: l.tax ?? EXEMPT_TAX,
      ...totals.lines[i]!,
    })),
    totals: {
      ...totals,
      creditedMinor,
      paidMinor,
      balanceMinor: totals.totalMinor - creditedMinor - paidMinor,
    },
    ledger: paidMinor
      ? [
          {
            kind: 'PAYMENT',
            takenAt: new Date('2026-11-29T12:05:00Z'),
            mode: 'UPI',
            reference: 'UPI-778812',
            amountMinor: paidMinor,
          },
        ]
      : [],
  };
}

const CT: Line = {
  lineId: 'a',
  code: 'CT-BRAIN',
  name: 'CT Brain Plain',
  priceKind: 'holiday',
  priceMinor: 350000,
  quantity: 1,
  discount: { kind: 'basisPoints', basisPoints: 1000 },
};
const XRAY: Line = {
  lineId: 'b',
  code: 'XR-CHEST',
  name: 'X-Ray Chest PA',
  priceKind: 'normal',
  priceMinor: 45000,
  quantity: 2,
};
const MRI: Line = {
  lineId: 'c',
  code: 'MRI-KNEE',
  name: 'MRI Knee',
  priceKind: 'night',
  priceMinor: 650055,
  quantity: 1,
  tax: { kind: 'intraState', rateBasisPoints: 1800 },
};

/** The value cell of a row of the totals. */
const totalRow = (html: string, label: string): string | undefined =>
  new RegExp(`<td>${label}</td><td class="num">([^<]*)</td>`).exec(html)?.[1];

describe('renderInvoiceDocument', () => {
  it('prints the centre, the patient (escaped), the number and the date on the centre clock', () => {
    const html = renderInvoiceDocument(invoiceView([CT, XRAY]));
    expect(html).toContain('Sunrise Diagnostics');
    expect(html).toContain('12 MG Road, Bengaluru 560001');
    expect(html).toContain('Ravi O&#39;Neil &#60;Kumar&#62;');
    expect(html).not.toContain('<Kumar>');
    expect(html).toContain('BLR01-000042');
    expect(html).toContain('42 Y / M');
    expect(html).toContain('Invoice No. BLR01/2026-27/000123');
    // 12:01 UTC is 17:31 in India
    expect(html).toContain('29 Nov 2026, 05:31 PM');
    expect(html).toMatch(
      /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">/,
    );
    expect(html).not.toMatch(/<script|<img|https?:\/\//i);
    expect(html).toContain('@page { size: A4;');
  });

  it('names the holiday and night prices on their lines, and the normal price on none', () => {
    const html = renderInvoiceDocument(invoiceView([CT, XRAY, MRI]));
    expect(html).toMatch(/CT Brain Plain <span class="price-kind holiday">Holiday Price<\/span>/);
    expect(html).toMatch(/MRI Knee <span class="price-kind night">Night Price<\/span>/);
    expect(html).toMatch(/X-Ray Chest PA<div class="code">XR-CHEST<\/div>/);
    expect(html).not.toContain('Normal Price');
    expect(html).toContain('Holiday Price: billed on a holiday of the centre&#39;s calendar.');
    expect(html).toContain('Night Price: billed in the centre&#39;s night hours.');
  });

  it('writes every amount with formatMoney / formatExactMoney: rates, discounts, totals, paid and balance', () => {
    const view = invoiceView([CT, XRAY], 200000);
    const html = renderInvoiceDocument(view);
    expect(html).toContain(formatMoney({ amountMinor: 350000, currency: 'INR' })); // ₹3,500.00
    expect(html).toContain('₹3,500.00');
    expect(html).toContain('₹350.00 <span class="muted">(10%)</span>');
    expect(totalRow(html, 'Gross Amount')).toBe('₹4,400.00');
    expect(totalRow(html, 'Less: Discount')).toBe('− ₹350.00');
    expect(totalRow(html, 'Net Amount')).toBe('₹4,050.00');
    expect(totalRow(html, 'Amount Paid')).toBe('₹2,000.00');
    expect(totalRow(html, 'Balance Due')).toBe('₹2,050.00');
    expect(totalRow(html, 'Round Off')).toBeUndefined();
    expect(html).toContain('Rupees Four Thousand Fifty Only');
    expect(html).toContain('<span class="stamp PART_PAID">Partly Paid</span>');
    expect(html).toMatch(/UPI<\/td><td>UPI-778812<\/td><td class="num">₹2,000.00/);
  });

  it('is a Bill of Supply without tax columns when every line is exempt', () => {
    const html = renderInvoiceDocument(invoiceView([CT, XRAY]));
    expect(html).toContain('<div class="title">Bill of Supply</div>');
    expect(html).not.toMatch(/CGST|SGST|IGST|Taxable/);
    expect(html).toContain('exempt from GST');
  });

  it('is a Tax Invoice with CGST and SGST (half the rate each) on the taxed line, and the exact round-off', () => {
    const view = invoiceView([XRAY, MRI]);
    const html = renderInvoiceDocument(view);
    expect(html).toContain('<div class="title">Tax Invoice</div>');
    expect(html).toContain('<th class="num">CGST</th><th class="num">SGST</th>');
    expect(html).not.toContain('IGST');
    // 18% of ₹6,500.55 = ₹1,170.099, each half ₹585.0495: exact, not rounded per line; rounded once at the total
    expect(html).toContain(`${formatExactMoney('585.0495')}<div class="code">@ 9%</div>`);
    expect(totalRow(html, 'CGST')).toBe('₹585.0495');
    expect(totalRow(html, 'SGST')).toBe('₹585.0495');
    expect(totalRow(html, 'Round Off')).toBe('₹0.001');
    expect(totalRow(html, 'Net Amount')).toBe(formatMoney({ amountMinor: view.totals.totalMinor, currency: 'INR' }));
    expect(view.totals.totalMinor).toBe(857065);
  });

  it('shows IGST for an inter-state line, and credit notes before what is paid', () => {
    const igst: Line = { ...MRI, tax: { kind: 'interState', rateBasisPoints: 1200 } };
    const html = renderInvoiceDocument(invoiceView([igst], 0, 50000));
    expect(html).toContain('<th class="num">IGST</th>');
    expect(html).not.toContain('CGST');
    expect(html).toContain('<div class="code">@ 12%</div>');
    expect(totalRow(html, 'Less: Credit Notes')).toBe('− ₹500.00');
  });
});
