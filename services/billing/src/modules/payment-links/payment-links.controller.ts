import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, PAYMENT_LINK_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { PaymentLinksService } from './payment-links.service.js';

/** The desk's payment links (docs/decisions/0281). */
@ApiTags('payment links')
@Controller()
export class PaymentLinksController {
  constructor(@Inject(PaymentLinksService) private readonly links: PaymentLinksService) {}

  @ApiContract(
    BILLING_API.createPaymentLink,
    "Makes a payment link for an invoice's balance (one open link per invoice)",
  )
  async create({ access, body, client }: ContractCall<typeof BILLING_API.createPaymentLink>) {
    return apiOk(await this.links.create(access, body, client), PAYMENT_LINK_MESSAGES.created);
  }

  @ApiContract(BILLING_API.cancelPaymentLink, 'Cancels an unpaid payment link')
  async cancel({ access, body, client }: ContractCall<typeof BILLING_API.cancelPaymentLink>) {
    return apiOk(await this.links.cancel(access, body, client), PAYMENT_LINK_MESSAGES.cancelled);
  }

  @ApiContract(BILLING_API.findPaymentLinks, "An invoice's payment links with the provider's events")
  async find({ access, body }: ContractCall<typeof BILLING_API.findPaymentLinks>) {
    return apiOk(await this.links.find(access, body));
  }
}
