import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { LIMS_API, SAMPLE_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { SamplesService } from './samples.service.js';

/** Sample collection and accession (docs/decisions/0297–0300). */
@ApiTags('samples')
@Controller()
export class SamplesController {
  constructor(@Inject(SamplesService) private readonly samples: SamplesService) {}

  @ApiContract(LIMS_API.findSamples, 'The samples of the centres the caller reaches, to collect and to follow')
  async find({ access, body, client }: ContractCall<typeof LIMS_API.findSamples>) {
    return apiOk(await this.samples.list(access, body, client));
  }

  @ApiContract(LIMS_API.collectSample, 'Records a sample as collected: by whom, when, at the centre or at home')
  async collect({ access, body, client }: ContractCall<typeof LIMS_API.collectSample>) {
    return apiOk(await this.samples.collect(access, body, client), SAMPLE_MESSAGES.collected);
  }

  @ApiContract(LIMS_API.scanSample, 'The sample of a scanned barcode (accession)')
  async scan({ access, body, client }: ContractCall<typeof LIMS_API.scanSample>) {
    return apiOk(await this.samples.scan(access, body.barcode, client));
  }

  @ApiContract(LIMS_API.acceptSample, 'Accepts a collected sample at accession')
  async accept({ access, body, client }: ContractCall<typeof LIMS_API.acceptSample>) {
    return apiOk(await this.samples.accept(access, body.barcode, client), SAMPLE_MESSAGES.accepted);
  }

  @ApiContract(
    LIMS_API.rejectSample,
    'Rejects a collected sample with a reason: its tests go back to collection on a new sample; the centre is told',
  )
  async reject({ access, body, client }: ContractCall<typeof LIMS_API.rejectSample>) {
    return apiOk(await this.samples.reject(access, body, client), SAMPLE_MESSAGES.rejected);
  }
}
