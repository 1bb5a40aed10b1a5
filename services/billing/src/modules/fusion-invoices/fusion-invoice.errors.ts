import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { FUSION_INVOICE_MESSAGES } from '@rayworks/contracts';
import type { InvoiceRefusal } from '@rayworks/lifecycles';
import { forbidden } from '@rayworks/nest-kit';

/** The refusals of fusion invoicing (messages from FUSION_INVOICE_MESSAGES and the invoice machine's). */
export const invoiceNotFound = () => new NotFoundException(FUSION_INVOICE_MESSAGES.invoiceNotFound);
export const staleInvoice = () => new ConflictException(FUSION_INVOICE_MESSAGES.staleInvoice);
export const rateNotFound = () => new NotFoundException(FUSION_INVOICE_MESSAGES.rateNotFound);
export const fusionCentreNotFound = () => new NotFoundException(FUSION_INVOICE_MESSAGES.fusionCentreNotFound);

/** A refusal of the invoice lifecycle as the service answers it: its own status code (403, 409, 400) and message. */
export function refusalOf(refusal: InvoiceRefusal): Error {
  if (refusal.code === 403) return forbidden(refusal.message);
  if (refusal.code === 409) return new ConflictException(refusal.message);
  return new BadRequestException(refusal.message);
}
export const staleRate = () => new ConflictException(FUSION_INVOICE_MESSAGES.staleRate);
