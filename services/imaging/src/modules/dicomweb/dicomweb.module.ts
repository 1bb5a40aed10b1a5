import { Module } from '@nestjs/common';
import { ArchiveQueryModule } from '../studies/archive-query.module.js';
import { HeaderParser } from '../studies/header-parser.js';
import { StudiesModule } from '../studies/studies.module.js';
import { DicomwebController } from './dicomweb.controller.js';
import { InstanceFiles } from './instance-files.js';
import { QidoService } from './qido.service.js';
import { StowService } from './stow.service.js';
import { WadoService } from './wado.service.js';

/** DICOMweb (PS3.18) under /dicomweb: QIDO-RS, WADO-RS, STOW-RS (docs/decisions/0102–0105). */
@Module({
  imports: [StudiesModule, ArchiveQueryModule],
  controllers: [DicomwebController],
  providers: [QidoService, WadoService, StowService, InstanceFiles, HeaderParser],
})
export class DicomwebModule {}
