import { Module } from '@nestjs/common';
import { OutsourcingModule } from '../outsourcing/outsourcing.module.js';
import { AnalyzerResultsConsumer } from './analyzer-results.consumer.js';
import { AuthProfileClient } from './auth-profile.client.js';
import { PathologistSigner } from './pathologist-signer.js';
import { ResultSignaturesRepository } from './result-signatures.repository.js';
import { ResultsController } from './results.controller.js';
import { ResultsRepository } from './results.repository.js';
import { ResultsService } from './results.service.js';

/**
 * The laboratory's results (issue 23, docs/decisions/0306): the validation worksheet, values typed or sent by
 * analyzers, validation by a person or by the test's rule, the pathologist's signature, amendments, critical values
 * told to the centre through reporting's critical results (LabCriticalResult).
 */
@Module({
  imports: [OutsourcingModule],
  controllers: [ResultsController],
  providers: [
    ResultsRepository,
    ResultSignaturesRepository,
    AuthProfileClient,
    PathologistSigner,
    ResultsService,
    AnalyzerResultsConsumer,
  ],
})
export class ResultsModule {}
