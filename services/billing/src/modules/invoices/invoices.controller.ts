import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, BILLING_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CreditNotesService } from './credit-notes.service.js';
import { InvoicesService } from './invoices.service.js';

@ApiTags('invoices')
@Controller()
export class InvoicesController {
  constructor(
    @Inject(InvoicesService) private readonly invoices: InvoicesService,
    @Inject(CreditNotesService) private readonly creditNotes: CreditNotesService,
  ) {}

  @ApiContract(BILLING_API.getBilling, 'One patient invoice with its lines, payments, refunds and credit notes')
  async get({ access, body }: ContractCall<typeof BILLING_API.getBilling>) {
    return apiOk(await this.invoices.get(access, body.id));
  }

  @ApiContract(BILLING_API.findInvoices, 'Patient invoices the caller reaches (centre, patient, status, dates, number)')
  async find({ access, body }: ContractCall<typeof BILLING_API.findInvoices>) {
    return apiOk(await this.invoices.list(access, body));
  }

  @ApiContract(BILLING_API.createCreditNote, "Takes back part or all of an invoice's balance with a credit note")
  async creditNote({ access, body }: ContractCall<typeof BILLING_API.createCreditNote>) {
    return apiOk(await this.creditNotes.create(access, body), BILLING_MESSAGES.creditNoteIssued);
  }
}
