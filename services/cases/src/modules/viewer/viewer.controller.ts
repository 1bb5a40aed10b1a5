import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API, VIEWER_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { ViewerService } from './viewer.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('viewer')
@Controller()
export class ViewerController {
  constructor(@Inject(ViewerService) private readonly viewer: ViewerService) {}

  @ApiContract(
    CASES_API.openViewer,
    'Opens a case in a viewer: what it shows, the priors of the same patient, a study token for DICOMweb and the Weasis link',
  )
  async open(@CurrentAccess() access: RequestAccess, @ContractBody(CASES_API.openViewer) body: Body<'openViewer'>) {
    return apiOk(await this.viewer.open(access, body));
  }

  @ApiContract(CASES_API.findViewerAnnotations, "The case's saved measurements and key images")
  async find(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.findViewerAnnotations) body: Body<'findViewerAnnotations'>,
  ) {
    return apiOk(await this.viewer.find(access, body));
  }

  @ApiContract(CASES_API.saveViewerAnnotation, 'Saves a measurement or key image with the case (replaces the same id)')
  async save(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.saveViewerAnnotation) body: Body<'saveViewerAnnotation'>,
  ) {
    return apiOk(await this.viewer.save(access, body), M.annotationSaved);
  }

  @ApiContract(CASES_API.deleteViewerAnnotation, 'Deletes a saved measurement or key image of the case')
  async delete(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.deleteViewerAnnotation) body: Body<'deleteViewerAnnotation'>,
  ) {
    return apiOk(await this.viewer.delete(access, body), M.annotationDeleted);
  }
}
