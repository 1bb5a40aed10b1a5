import { Module } from '@nestjs/common';
import { CentresModule } from '../directory/centres.module.js';
import { ArchiveQueryModule } from '../studies/archive-query.module.js';
import { StudiesModule } from '../studies/studies.module.js';
import { BulkdataController } from './bulkdata.controller.js';
import { InstanceFiles } from './instance-files.js';
import { QidoController } from './qido.controller.js';
import { QidoService } from './qido.service.js';
import { RenderedController } from './rendered.controller.js';
import { StowController } from './stow.controller.js';
import { StowService } from './stow.service.js';
import { Transcoder } from './transcoder.js';
import { WadoController } from './wado.controller.js';
import { WadoService } from './wado.service.js';

/**
 * DICOMweb (PS3.18) under /dicomweb (docs/decisions/0102–0105, 0228): one controller per service of the standard —
 * QIDO-RS, WADO-RS (instances and metadata; frames and bulk data; rendered), STOW-RS — over the shared route
 * decorators (dicomweb-routes.ts), Accept negotiation (negotiation.ts) and answer writing (dicomweb-answers.ts).
 */
@Module({
  imports: [StudiesModule, ArchiveQueryModule, CentresModule],
  controllers: [QidoController, WadoController, BulkdataController, RenderedController, StowController],
  providers: [QidoService, WadoService, StowService, InstanceFiles, Transcoder],
})
export class DicomwebModule {}
