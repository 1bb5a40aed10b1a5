import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { QuoteService } from './quote.service.js';

@ApiTags('prices')
@Controller()
export class PricePreviewController {
  constructor(@Inject(QuoteService) private readonly quotes: QuoteService) {}

  @ApiContract(
    BILLING_API.previewPrice,
    "A visit's prices at a centre and instant, as the registration desk shows them",
  )
  async preview({ access, body }: ContractCall<typeof BILLING_API.previewPrice>) {
    return apiOk(await this.quotes.preview(access, body));
  }
}
