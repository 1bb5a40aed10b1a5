import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { IMAGING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { ImportsService } from './imports.service.js';

type Body<K extends keyof typeof IMAGING_API> = z.output<(typeof IMAGING_API)[K]['body']>;

/** The import screen's calls (spec §7), exactly as libs/contracts describes them. */
@ApiTags('import')
@Controller()
export class ImportsController {
  constructor(@Inject(ImportsService) private readonly imports: ImportsService) {}

  @ApiContract(IMAGING_API.presignedUrl, 'Where to upload the zip of a study folder: one URL, or a part plan')
  async presignedUrl(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(IMAGING_API.presignedUrl) query: Body<'presignedUrl'>,
  ) {
    return apiOk(await this.imports.presignedUrl(access, query));
  }

  @ApiContract(IMAGING_API.uploadedParts, 'The parts of a multipart upload the store already has')
  async uploadedParts(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(IMAGING_API.uploadedParts) body: Body<'uploadedParts'>,
  ) {
    return apiOk(await this.imports.uploadedParts(access, body.importId));
  }

  @ApiContract(IMAGING_API.completeUpload, 'Completes a multipart upload with every part’s ETag')
  async completeUpload(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(IMAGING_API.completeUpload) body: Body<'completeUpload'>,
  ) {
    return apiOk(await this.imports.completeUpload(access, body));
  }

  @ApiContract(IMAGING_API.initDownloadZip, 'Starts processing the uploaded zip (queues the import)')
  async initDownloadZip(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(IMAGING_API.initDownloadZip) query: Body<'initDownloadZip'>,
  ) {
    return apiOk(await this.imports.initDownloadZip(access, query));
  }

  @ApiContract(IMAGING_API.getImport, 'One import and what came of it')
  async getImport(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(IMAGING_API.getImport) body: Body<'getImport'>,
  ) {
    return apiOk(await this.imports.get(access, body.importId));
  }

  @ApiContract(IMAGING_API.cancelImport, 'Abandons an import that has not started processing')
  async cancelImport(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(IMAGING_API.cancelImport) body: Body<'cancelImport'>,
  ) {
    return apiOk(await this.imports.cancel(access, body.importId));
  }
}
