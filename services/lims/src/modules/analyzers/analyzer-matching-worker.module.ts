import { Module } from '@nestjs/common';
import { AnalyzerMatchProcessor } from './analyzer-match.processor.js';
import { AnalyzerMatchingService } from './analyzer-matching.service.js';
import { AnalyzerResultsPublisher } from './analyzer-results.publisher.js';
import { AnalyzerResultsRepository } from './analyzer-results.repository.js';
import { AnalyzersRepository } from './analyzers.repository.js';

/**
 * The lims worker's side of the analyzers (docs/decisions/0337): the lims.analyzer-match processor, which matches
 * each stored message's results to samples, away from the listener's event loop so that an acknowledgement never
 * waits behind another message's matching.
 */
@Module({
  providers: [
    AnalyzersRepository,
    AnalyzerResultsRepository,
    AnalyzerResultsPublisher,
    AnalyzerMatchingService,
    AnalyzerMatchProcessor,
  ],
})
export class AnalyzerMatchingWorkerModule {}
