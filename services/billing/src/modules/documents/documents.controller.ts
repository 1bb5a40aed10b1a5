import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { DocumentsService } from './documents.service.js';

@ApiTags('documents')
@Controller()
export class DocumentsController {
  constructor(@Inject(DocumentsService) private readonly documents: DocumentsService) {}

  @ApiContract(BILLING_API.invoicePdf, "The invoice's PDF (its latest version): a short-lived link, or queued")
  async invoicePdf({ access, body }: ContractCall<typeof BILLING_API.invoicePdf>) {
    return apiOk(await this.documents.invoicePdf(access, body.invoiceId));
  }

  @ApiContract(BILLING_API.paymentReceipt, "A payment's receipt PDF: a short-lived link, or queued")
  async paymentReceipt({ access, body }: ContractCall<typeof BILLING_API.paymentReceipt>) {
    return apiOk(await this.documents.paymentReceipt(access, body.paymentId));
  }
}
