import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AnalyzerResultsMatchedV1 } from '@rayworks/contracts';
import { companyOfEvent, EventConsumer, UnitOfWork } from '@rayworks/nest-kit';
import { ResultsService } from './results.service.js';

/**
 * lims.result.v1 AnalyzerResultsMatched → the orders' results (thin: the service decides). Each event's effect joins
 * the consumer's transaction, which holds the kit's inbox entry: an event is applied once however often delivered.
 */
@Injectable()
export class AnalyzerResultsConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ResultsService) private readonly results: ResultsService,
  ) {}

  onModuleInit(): void {
    this.consumer.on(AnalyzerResultsMatchedV1, (e, manager) =>
      this.uow.join(manager, { tenantId: companyOfEvent(e), actor: e.actor, user: null }, (tx) =>
        this.results.analyzerResults(tx, e.payload),
      ),
    );
  }
}
