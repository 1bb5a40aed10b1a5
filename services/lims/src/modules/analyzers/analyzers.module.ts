import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { AnalyzerResultsController } from './analyzer-results.controller.js';
import { AnalyzerResultsPublisher } from './analyzer-results.publisher.js';
import { AnalyzerResultsRepository } from './analyzer-results.repository.js';
import { AnalyzerResultsService } from './analyzer-results.service.js';
import { AnalyzersController } from './analyzers.controller.js';
import { AnalyzersRepository } from './analyzers.repository.js';
import { AnalyzersService } from './analyzers.service.js';

/** The API process's side of the analyzers: their setup and the unmatched results queue (docs/decisions/0301, 0303). */
@Module({
  imports: [DirectoryModule],
  controllers: [AnalyzersController, AnalyzerResultsController],
  providers: [
    AnalyzersRepository,
    AnalyzersService,
    AnalyzerResultsRepository,
    AnalyzerResultsPublisher,
    AnalyzerResultsService,
  ],
})
export class AnalyzersModule {}
