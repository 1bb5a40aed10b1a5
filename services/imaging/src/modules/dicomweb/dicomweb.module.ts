import { Module } from '@nestjs/common';
import { CentresModule } from '../directory/centres.module.js';
import { ArchiveQueryModule } from '../studies/archive-query.module.js';
import { StudiesModule } from '../studies/studies.module.js';
import { DicomwebController } from './dicomweb.controller.js';
import { InstanceFiles } from './instance-files.js';
import { QidoService } from './qido.service.js';
import { StowService } from './stow.service.js';
import { Transcoder } from './transcoder.js';
import { WadoService } from './wado.service.js';

/** DICOMweb (PS3.18) under /dicomweb: QIDO-RS, WADO-RS, STOW-RS (docs/decisions/0102–0105). */
@Module({
  imports: [StudiesModule, ArchiveQueryModule, CentresModule],
  controllers: [DicomwebController],
  providers: [QidoService, WadoService, StowService, InstanceFiles, Transcoder],
})
export class DicomwebModule {}
