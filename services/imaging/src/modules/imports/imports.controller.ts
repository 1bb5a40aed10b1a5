import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IMAGING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { ImportsService } from './imports.service.js';

/** The import screen's calls (spec §7), exactly as libs/contracts describes them. */
@ApiTags('import')
@Controller()
export class ImportsController {
  constructor(@Inject(ImportsService) private readonly imports: ImportsService) {}

  @ApiContract(IMAGING_API.presignedUrl, 'Where to upload the zip of a study folder: one URL, or a part plan')
  async presignedUrl({ access, body }: ContractCall<typeof IMAGING_API.presignedUrl>) {
    return apiOk(await this.imports.presignedUrl(access, body));
  }

  @ApiContract(IMAGING_API.startStreamedUpload, 'An upload in parts that starts while the zip is being made')
  async startStreamedUpload({ access, body }: ContractCall<typeof IMAGING_API.startStreamedUpload>) {
    return apiOk(await this.imports.startStreamedUpload(access, body));
  }

  @ApiContract(IMAGING_API.uploadPartUrl, 'The URL of one part of an upload in parts, signed for its length')
  async uploadPartUrl({ access, body }: ContractCall<typeof IMAGING_API.uploadPartUrl>) {
    return apiOk(await this.imports.partUrl(access, body));
  }

  @ApiContract(IMAGING_API.uploadedParts, 'The parts of a multipart upload the store already has')
  async uploadedParts({ access, body }: ContractCall<typeof IMAGING_API.uploadedParts>) {
    return apiOk(await this.imports.uploadedParts(access, body.importId));
  }

  @ApiContract(IMAGING_API.completeUpload, 'Completes a multipart upload with every part’s ETag')
  async completeUpload({ access, body }: ContractCall<typeof IMAGING_API.completeUpload>) {
    return apiOk(await this.imports.completeUpload(access, body));
  }

  @ApiContract(IMAGING_API.initDownloadZip, 'Starts processing the uploaded zip (queues the import)')
  async initDownloadZip({ access, body }: ContractCall<typeof IMAGING_API.initDownloadZip>) {
    return apiOk(await this.imports.initDownloadZip(access, body));
  }

  @ApiContract(IMAGING_API.getImport, 'One import and what came of it')
  async getImport({ access, body }: ContractCall<typeof IMAGING_API.getImport>) {
    return apiOk(await this.imports.get(access, body.importId));
  }

  @ApiContract(IMAGING_API.cancelImport, 'Abandons an import that has not started processing')
  async cancelImport({ access, body }: ContractCall<typeof IMAGING_API.cancelImport>) {
    return apiOk(await this.imports.cancel(access, body.importId));
  }
}
