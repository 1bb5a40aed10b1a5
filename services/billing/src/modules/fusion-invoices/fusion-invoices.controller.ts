import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, FUSION_INVOICE_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { FusionInvoicesService } from './fusion-invoices.service.js';

@ApiTags('fusion invoices')
@Controller()
export class FusionInvoicesController {
  constructor(@Inject(FusionInvoicesService) private readonly invoices: FusionInvoicesService) {}

  @ApiContract(BILLING_API.findFusionInvoices, 'The fusion invoices the caller sees: its hub’s, and those raised to it')
  async find({ access, body }: ContractCall<typeof BILLING_API.findFusionInvoices>) {
    return apiOk(await this.invoices.list(access, body));
  }

  @ApiContract(BILLING_API.getFusionInvoice, 'One fusion invoice with its reads, its history and the caller’s actions')
  async get({ access, body }: ContractCall<typeof BILLING_API.getFusionInvoice>) {
    return apiOk(await this.invoices.get(access, body.id));
  }

  @ApiContract(BILLING_API.fusionInvoiceActions, 'What the caller may do on a fusion invoice now, per side')
  async actions({ access, body }: ContractCall<typeof BILLING_API.fusionInvoiceActions>) {
    return apiOk(await this.invoices.actions(access, body.id));
  }

  @ApiContract(BILLING_API.raiseFusionInvoice, 'The hub raises the month’s invoice (its reads priced at their rates)')
  async raise({ access, body, client }: ContractCall<typeof BILLING_API.raiseFusionInvoice>) {
    const done = await this.invoices.act(access, 'RAISE', body, client);
    return apiOk(done.invoice, done.message);
  }

  @ApiContract(BILLING_API.payFusionInvoice, 'The client centre pays all or part of the balance and asks to confirm')
  async pay({ access, body, client }: ContractCall<typeof BILLING_API.payFusionInvoice>) {
    const done = await this.invoices.act(access, 'TAKE_ACTION', body, client);
    return apiOk(done.invoice, done.message);
  }

  @ApiContract(BILLING_API.confirmFusionInvoicePayment, 'The hub confirms the payment request (or what it received)')
  async confirm({ access, body, client }: ContractCall<typeof BILLING_API.confirmFusionInvoicePayment>) {
    const done = await this.invoices.act(access, 'CONFIRM_PAYMENT', body, client);
    return apiOk(done.invoice, done.message);
  }

  @ApiContract(BILLING_API.rejectFusionInvoicePayment, 'The hub rejects the payment request, with a reason')
  async reject({ access, body, client }: ContractCall<typeof BILLING_API.rejectFusionInvoicePayment>) {
    const done = await this.invoices.act(access, 'REJECT_PAYMENT', body, client);
    return apiOk(done.invoice, done.message);
  }

  @ApiContract(BILLING_API.holdFusionInvoice, 'Either side puts the invoice on hold, with a reason')
  async hold({ access, body, client }: ContractCall<typeof BILLING_API.holdFusionInvoice>) {
    const done = await this.invoices.act(access, 'HOLD', body, client);
    return apiOk(done.invoice, done.message);
  }

  @ApiContract(BILLING_API.resumeFusionInvoice, 'The side that held the invoice resumes it')
  async resume({ access, body, client }: ContractCall<typeof BILLING_API.resumeFusionInvoice>) {
    const done = await this.invoices.act(access, 'RESUME', body, client);
    return apiOk(done.invoice, done.message);
  }

  @ApiContract(BILLING_API.commentFusionInvoice, 'A comment on the invoice, by either side')
  async comment({ access, body, client }: ContractCall<typeof BILLING_API.commentFusionInvoice>) {
    return apiOk(await this.invoices.comment(access, body, client), FUSION_INVOICE_MESSAGES.commented);
  }
}
