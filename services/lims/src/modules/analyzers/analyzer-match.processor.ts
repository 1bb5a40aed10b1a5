import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { jobCompany, JobProcessors, processor } from '@rayworks/nest-kit';
import { AnalyzerMatchingService } from './analyzer-matching.service.js';

/** The lims.analyzer-match processor (the lims worker, docs/decisions/0337): a thin handler calling AnalyzerMatchingService. */
@Injectable()
export class AnalyzerMatchProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(AnalyzerMatchingService) private readonly matching: AnalyzerMatchingService,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor('limsAnalyzerMatch', async (payload, { meta }) => {
        const { tenantId } = jobCompany('limsAnalyzerMatch', meta);
        return this.matching.match(tenantId, payload.messageId);
      }),
    );
  }
}
