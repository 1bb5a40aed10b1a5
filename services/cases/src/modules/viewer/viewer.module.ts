import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { ViewerAnnotationsRepository } from './viewer-annotations.repository.js';
import { ViewerController } from './viewer.controller.js';
import { ViewerService } from './viewer.service.js';

/**
 * The viewers' side of a case (docs/decisions/0163..0165): opening a case in the cloud viewer or Weasis (a study
 * token for imaging's DICOMweb) and the measurements and key images saved with the case.
 */
@Module({
  imports: [CasesModule],
  controllers: [ViewerController],
  providers: [ViewerAnnotationsRepository, ViewerService],
})
export class ViewerModule {}
