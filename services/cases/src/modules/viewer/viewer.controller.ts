import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API, VIEWER_MESSAGES as M } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { ViewerService } from './viewer.service.js';

@ApiTags('viewer')
@Controller()
export class ViewerController {
  constructor(@Inject(ViewerService) private readonly viewer: ViewerService) {}

  @ApiContract(
    CASES_API.openViewer,
    'Opens a case in a viewer: what it shows, the priors of the same patient, a study token for DICOMweb and the Weasis link',
  )
  async open({ access, body }: ContractCall<typeof CASES_API.openViewer>) {
    return apiOk(await this.viewer.open(access, body));
  }

  @ApiContract(
    CASES_API.findViewerPriors,
    "The case's priors as the viewer lists them (same patient ID and centre, in the caller's reach, ranked)",
  )
  async priors({ access, body }: ContractCall<typeof CASES_API.findViewerPriors>) {
    return apiOk(await this.viewer.priors(access, body));
  }

  @ApiContract(CASES_API.findViewerAnnotations, "The case's saved measurements and key images")
  async find({ access, body }: ContractCall<typeof CASES_API.findViewerAnnotations>) {
    return apiOk(await this.viewer.find(access, body));
  }

  @ApiContract(CASES_API.saveViewerAnnotation, 'Saves a measurement or key image with the case (replaces the same id)')
  async save({ access, body }: ContractCall<typeof CASES_API.saveViewerAnnotation>) {
    return apiOk(await this.viewer.save(access, body), M.annotationSaved);
  }

  @ApiContract(CASES_API.deleteViewerAnnotation, 'Deletes a saved measurement or key image of the case')
  async delete({ access, body }: ContractCall<typeof CASES_API.deleteViewerAnnotation>) {
    return apiOk(await this.viewer.delete(access, body), M.annotationDeleted);
  }
}
