import {
  formatInvoiceNumber,
  INVOICE_CENTRE_CODE,
  InvoiceNumberError,
  parseInvoiceNumber,
  type InvoiceNumberParts,
} from './financial-year.js';

/**
 * A centre's numbered series of billing documents (docs/decisions/0253-gap-free-invoice-numbers.md): patient
 * invoices and credit notes are each numbered gap-free per centre and financial year, each series on its own counter.
 */
export const DOCUMENT_SERIES = ['INVOICE', 'CREDIT_NOTE'] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** A credit note's number is its series' prefix before an invoice-style number: `CN/BLR01/2026-27/000007`. */
export const CREDIT_NOTE_PREFIX = 'CN';

/**
 * The code a centre's numbers carry: the centre's code when it is fit for an invoice number (INVOICE_CENTRE_CODE:
 * upper-case letters and digits, hyphens between them, at most 12); otherwise written fit — upper case, every run of
 * other characters one hyphen, none at the ends, the first 12 characters. Throws InvoiceNumberError when nothing of
 * the code is left (e.g. '***').
 */
export function invoiceSeriesCode(centreCode: string): string {
  if (INVOICE_CENTRE_CODE.test(centreCode)) return centreCode;
  const fit = centreCode
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 12)
    .replace(/-+$/, '');
  if (!INVOICE_CENTRE_CODE.test(fit))
    throw new InvoiceNumberError(`the centre code ${JSON.stringify(centreCode)} has nothing fit for a number`);
  return fit;
}

/** The text of a document's number in its series (an invoice: formatInvoiceNumber; a credit note: CN/ before it). */
export function formatDocumentNumber(series: DocumentSeries, parts: InvoiceNumberParts): string {
  const number = formatInvoiceNumber(parts);
  return series === 'CREDIT_NOTE' ? `${CREDIT_NOTE_PREFIX}/${number}` : number;
}

/** The parts of a credit note's number, or null when the text is not one formatDocumentNumber writes. */
export function parseCreditNoteNumber(text: string): InvoiceNumberParts | null {
  const prefix = `${CREDIT_NOTE_PREFIX}/`;
  return text.startsWith(prefix) ? parseInvoiceNumber(text.slice(prefix.length)) : null;
}
