import { Module } from '@nestjs/common';
import { WorkerKitModule } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';
import { AnalyzerListenerModule } from './modules/analyzers/analyzer-listener.module.js';

/**
 * The lims-analyzers process (docs/decisions/0301): laboratory analyzers connect to it over HL7 v2 (MLLP) and ASTM
 * (E1381 over TCP); it stores what they send and acknowledges; the lims worker matches the results (the
 * lims.analyzer-match queue, docs/decisions/0337). On the worker's kit: database with tenant transactions, outbox, job
 * outbox and relays, health and metrics on its own port.
 */
@Module({
  imports: [
    WorkerKitModule.forRoot({ service: 'lims', processName: 'lims-analyzers', database }),
    AnalyzerListenerModule,
  ],
})
export class AnalyzersProcessModule {}
