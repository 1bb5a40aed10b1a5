import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { serviceApiPrefix, type JobPayload } from '@rayworks/contracts';
import {
  jobCompany,
  JobProcessors,
  LOGGER,
  Mailer,
  processor,
  runDeliveryAttempt,
  sendDeliveryLinkBySms,
  SMS_PROVIDER,
  StorageService,
  UnitOfWork,
  waitForStored,
  type DeliveryOutcome,
  type JobContext,
  type SmsProvider,
  type TenantScope,
} from '@rayworks/nest-kit';
import { LIMS_ENV, type LimsEnv } from '../../config/env.js';
import { labReportMail } from './lab-report-mail.js';
import { LabReportsRepository, type LabReportDeliveryRow } from './lab-reports.repository.js';

/** Where the public route of an SMS link answers, through the gateway. */
const LINK_ROUTE = `${serviceApiPrefix('lims')}/r`;

interface StoredReport {
  key: string;
  patientName: string;
  registrationNumber: string;
}

/**
 * The processor of lims.lab-report-delivery {deliveryId} (docs/decisions/0310, 0315), as reporting delivers a
 * radiology report (0183, 0184), with the kit's runDeliveryAttempt: one run is one attempt (BullMQ's attempts and
 * backoff retry it), each recorded on the delivery — SENT, RETRYING (another follows) or FAILED (the last failed).
 * The report's PDF (printed by lims.lab-report-pdf, enqueued with the delivery) is waited for up to
 * DELIVERY_PDF_WAIT_MS, then
 * - mail: sent attached with the kit Mailer;
 * - SMS: a new link per attempt (only its token's hash is stored, with its expiry; the link before no longer opens)
 *   sent through the SmsProvider, in the attempt's transaction.
 */
@Injectable()
export class LabReportDeliveryProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(SMS_PROVIDER) private readonly sms: SmsProvider,
    @Inject(LabReportsRepository) private readonly reports: LabReportsRepository,
    @Inject(LIMS_ENV) private readonly env: LimsEnv,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor('limsLabReportDelivery', (payload, context) => this.process(payload, context), { concurrency: 4 }),
    );
  }

  process(payload: JobPayload<'limsLabReportDelivery'>, { meta, job }: JobContext): Promise<DeliveryOutcome> {
    const scope = jobCompany('limsLabReportDelivery', meta);
    return runDeliveryAttempt(job, this.logger, 'lab report', {
      load: () => this.uow.read(scope, (tx) => this.reports.delivery(tx, payload.deliveryId)),
      send: async (delivery) => {
        const stored = await this.waitForPdf(scope, delivery);
        if (delivery.channel === 'mail') await this.mail(scope, delivery, stored);
        else await this.smsAttempt(scope, delivery);
      },
      failed: (delivery, { lastAttempt }, error) =>
        this.uow.change(scope, (tx) =>
          this.reports.recordAttempt(tx, delivery.id, {
            status: lastAttempt ? 'FAILED' : 'RETRYING',
            error,
            providerId: null,
          }),
        ),
    });
  }

  private async mail(scope: TenantScope, delivery: LabReportDeliveryRow, stored: StoredReport): Promise<void> {
    const sent = await this.mailer.send(
      labReportMail({
        to: delivery.to_address,
        name: delivery.to_name,
        patientName: stored.patientName,
        registrationNumber: stored.registrationNumber,
        pdf: await this.storage.get(stored.key),
      }),
    );
    await this.uow.change(scope, (tx) =>
      this.reports.recordAttempt(tx, delivery.id, { status: 'SENT', error: null, providerId: sent.messageId || null }),
    );
  }

  private async smsAttempt(scope: TenantScope, delivery: LabReportDeliveryRow): Promise<void> {
    await this.uow.change(scope, async (tx) => {
      const sent = await sendDeliveryLinkBySms(
        tx,
        this.sms,
        { tenantId: delivery.tenant_id, deliveryId: delivery.id, to: delivery.to_address },
        {
          publicBaseUrl: this.env.PUBLIC_BASE_URL,
          route: LINK_ROUTE,
          keep: (hash, ttl) => this.reports.setLink(tx, delivery.id, hash, ttl),
        },
      );
      await this.reports.recordAttempt(tx, delivery.id, { status: 'SENT', error: null, providerId: sent.providerId });
    });
  }

  private waitForPdf(scope: TenantScope, delivery: LabReportDeliveryRow): Promise<StoredReport> {
    const read = () =>
      this.uow.read(scope, async (tx) => {
        const report = await this.reports.byId(tx, delivery.lab_report_id);
        if (!report?.object_key) return null;
        const [row] = await this.reports.registration(tx, null, report.registration_id);
        return {
          key: report.object_key,
          patientName: row?.patient_name ?? '',
          registrationNumber: row?.registration_number ?? '',
        };
      });
    return waitForStored(read, this.env.DELIVERY_PDF_WAIT_MS, 'the lab report PDF is not stored yet');
  }
}
