import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports/reports.module.js';
import { InteropController } from './interop.controller.js';
import { InteropRepository } from './interop.repository.js';
import { InteropService } from './interop.service.js';

/** A final report as FHIR R4 DiagnosticReport and HL7 v2.5 ORU^R01 (docs/decisions/0189). */
@Module({
  imports: [ReportsModule],
  controllers: [InteropController],
  providers: [InteropRepository, InteropService],
})
export class InteropModule {}
