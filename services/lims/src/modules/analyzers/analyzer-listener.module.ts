import { Module } from '@nestjs/common';
import { loadEnv } from '@rayworks/nest-kit';
import { ANALYZERS_ENV, analyzersEnvSchema } from '../../config/analyzers-env.js';
import { AnalyzerIngestService } from './analyzer-ingest.service.js';
import { AnalyzerResultsRepository } from './analyzer-results.repository.js';
import { AnalyzerSenders } from './analyzer-senders.js';
import { AnalyzersRepository } from './analyzers.repository.js';
import { AstmListener } from './astm/astm.listener.js';
import { Hl7Listener } from './hl7/hl7.listener.js';

/**
 * The lims-analyzers process's side (docs/decisions/0301): the HL7 MLLP and ASTM listeners and the store before the
 * acknowledgement. The lims worker matches what they stored (AnalyzerMatchingWorkerModule, docs/decisions/0337).
 */
@Module({
  providers: [
    { provide: ANALYZERS_ENV, useFactory: () => loadEnv(analyzersEnvSchema) },
    AnalyzersRepository,
    AnalyzerResultsRepository,
    AnalyzerSenders,
    AnalyzerIngestService,
    Hl7Listener,
    AstmListener,
  ],
})
export class AnalyzerListenerModule {}
