import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { JobPayload } from '@rayworks/contracts';
import {
  jobCompany,
  JobProcessors,
  LOGGER,
  Mailer,
  processor,
  StorageService,
  UnitOfWork,
  type JobContext,
  type TenantScope,
} from '@rayworks/nest-kit';
import { LIMS_ENV, type LimsEnv } from '../../config/env.js';
import { labReportMail } from './lab-report-mail.js';
import { LabReportsRepository, type LabReportDeliveryRow } from './lab-reports.repository.js';

export type LabDeliveryOutcome = 'sent' | 'already-sent' | 'missing';

/**
 * The processor of lims.lab-report-delivery {deliveryId} (docs/decisions/0310), as reporting delivers a radiology
 * report (0183): one run is one attempt (BullMQ's attempts and backoff retry it), each recorded on the delivery —
 * SENT, RETRYING (another follows) or FAILED (the last failed). The report's PDF (printed by lims.lab-report-pdf,
 * enqueued with the delivery) is waited for up to DELIVERY_PDF_WAIT_MS, then sent attached with the kit Mailer.
 */
@Injectable()
export class LabReportDeliveryProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(LabReportsRepository) private readonly reports: LabReportsRepository,
    @Inject(LIMS_ENV) private readonly env: LimsEnv,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor('limsLabReportDelivery', (payload, context) => this.process(payload, context), { concurrency: 4 }),
    );
  }

  async process(payload: JobPayload<'limsLabReportDelivery'>, { meta, job }: JobContext): Promise<LabDeliveryOutcome> {
    const scope = jobCompany('limsLabReportDelivery', meta);
    const attempt = job.attemptsMade + 1;
    const lastAttempt = attempt >= (job.opts.attempts ?? 1);
    const delivery = await this.uow.read(scope, (tx) => this.reports.delivery(tx, payload.deliveryId));
    if (!delivery) return 'missing';
    if (delivery.status === 'SENT') return 'already-sent';
    try {
      const { key, patientName, registrationNumber } = await this.waitForPdf(scope, delivery);
      const sent = await this.mailer.send(
        labReportMail({
          to: delivery.to_address,
          name: delivery.to_name,
          patientName,
          registrationNumber,
          pdf: await this.storage.get(key),
        }),
      );
      await this.uow.change(scope, (tx) =>
        this.reports.recordAttempt(tx, delivery.id, {
          status: 'SENT',
          error: null,
          providerId: sent.messageId || null,
        }),
      );
      this.logger.info({ deliveryId: delivery.id, attempt }, 'lab report mailed');
      return 'sent';
    } catch (error) {
      const message = (error as Error).message || String(error);
      await this.uow.change(scope, (tx) =>
        this.reports.recordAttempt(tx, delivery.id, {
          status: lastAttempt ? 'FAILED' : 'RETRYING',
          error: message.slice(0, 1000),
          providerId: null,
        }),
      );
      this.logger.warn({ deliveryId: delivery.id, attempt, lastAttempt, err: message }, 'lab report mail failed');
      throw error;
    }
  }

  private async waitForPdf(
    scope: TenantScope,
    delivery: LabReportDeliveryRow,
  ): Promise<{ key: string; patientName: string; registrationNumber: string }> {
    const deadline = Date.now() + this.env.DELIVERY_PDF_WAIT_MS;
    for (;;) {
      const found = await this.uow.read(scope, async (tx) => {
        const report = await this.reports.byId(tx, delivery.lab_report_id);
        if (!report?.object_key) return null;
        const [row] = await this.reports.registration(tx, null, report.registration_id);
        return {
          key: report.object_key,
          patientName: row?.patient_name ?? '',
          registrationNumber: row?.registration_number ?? '',
        };
      });
      if (found) return found;
      if (Date.now() >= deadline) throw new Error('the lab report PDF is not stored yet');
      await sleep(250);
    }
  }
}
