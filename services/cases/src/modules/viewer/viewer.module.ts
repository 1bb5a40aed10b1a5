import { Module } from '@nestjs/common';
import { loadEnv } from '@rayworks/nest-kit';
import { CasesModule } from '../cases/cases.module.js';
import { VIEWER_ENV, viewerEnvSchema } from './viewer-env.js';
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
  providers: [
    { provide: VIEWER_ENV, useFactory: () => loadEnv(viewerEnvSchema, process.env) },
    ViewerAnnotationsRepository,
    ViewerService,
  ],
})
export class ViewerModule {}
