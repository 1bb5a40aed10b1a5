import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { jobCompany, JobProcessors, processor } from '@rayworks/nest-kit';
import { IMAGING_ENV, type ImagingEnv } from '../../config/env.js';
import { StudyImportService } from './study-import.service.js';

/**
 * The `imaging.study-import` processor (worker process only): a thin handler calling StudyImportService. A worker
 * that dies mid-import loses the job's lock (the job map's, docs/decisions/0202); another worker takes the stalled job
 * up again within about the lock's duration and check interval, and the idempotent import ends with the same result.
 */
@Injectable()
export class StudyImportProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(StudyImportService) private readonly imports: StudyImportService,
    @Inject(IMAGING_ENV) private readonly env: ImagingEnv,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor(
        'imagingStudyImport',
        async (payload, { meta, job }) => {
          const { tenantId } = jobCompany('imagingStudyImport', meta);
          const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
          return this.imports.run(tenantId, payload.importId, lastAttempt);
        },
        { concurrency: this.env.IMPORT_CONCURRENCY },
      ),
    );
  }
}
