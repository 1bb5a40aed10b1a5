import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, BILLING_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { PaymentsService } from './payments.service.js';

@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(@Inject(PaymentsService) private readonly payments: PaymentsService) {}

  @ApiContract(BILLING_API.createPayment, 'Takes a payment on a patient invoice (idempotent by its key)')
  async pay({ access, body }: ContractCall<typeof BILLING_API.createPayment>) {
    return apiOk(await this.payments.pay(access, body), BILLING_MESSAGES.paymentReceived);
  }

  @ApiContract(BILLING_API.refund, 'Gives back money paid on a patient invoice, with a reason (idempotent by its key)')
  async refund({ access, body }: ContractCall<typeof BILLING_API.refund>) {
    return apiOk(await this.payments.refund(access, body), BILLING_MESSAGES.refunded);
  }
}
