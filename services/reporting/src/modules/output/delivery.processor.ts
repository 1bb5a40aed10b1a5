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
import { DeliveriesRepository, type DeliveryRow } from './deliveries.repository.js';
import { reportMail } from './report-mail.js';
import { REPORTING_ENV, type ReportingEnv } from '../../config/env.js';
import { ReportPdfsRepository, type ReportPdfRow } from './report-pdfs.repository.js';
import { ReportsRepository } from '../reports/reports.repository.js';

/** Where the public route of an SMS link answers, through the gateway. */
const LINK_ROUTE = `${serviceApiPrefix('reporting')}/r`;

/**
 * The processor of reporting.report-delivery {deliveryId} (docs/decisions/0183-report-delivery.md). One run is one
 * attempt (BullMQ's attempts and exponential backoff retry it) and every attempt is recorded in
 * reporting.report_delivery_attempts with its error; the delivery is SENT, RETRYING (an attempt failed, another
 * follows) or FAILED (the last attempt failed).
 * - mail: the stored PDF of the delivery's version attached, over SMTP with the kit Mailer;
 * - SMS: a new link token per attempt (only its hash is stored, with its expiry), the message with the link sent
 *   through the SmsProvider, in the attempt's transaction.
 * The PDF is waited for (it is printed right after finalize) up to DELIVERY_PDF_WAIT_MS before the attempt fails.
 */
@Injectable()
export class DeliveryProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(SMS_PROVIDER) private readonly sms: SmsProvider,
    @Inject(DeliveriesRepository) private readonly deliveries: DeliveriesRepository,
    @Inject(ReportPdfsRepository) private readonly pdfs: ReportPdfsRepository,
    @Inject(REPORTING_ENV) private readonly env: ReportingEnv,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor('reportingReportDelivery', (payload, context) => this.process(payload, context), { concurrency: 4 }),
    );
  }

  process(payload: JobPayload<'reportingReportDelivery'>, { meta, job }: JobContext): Promise<DeliveryOutcome> {
    const scope = jobCompany('reportingReportDelivery', meta);
    return runDeliveryAttempt(job, this.logger, 'report', {
      load: () => this.uow.read(scope, (tx) => this.deliveries.byId(tx, payload.deliveryId)),
      send: async (delivery, { attempt }) => {
        const pdf = await this.waitForPdf(scope, delivery);
        if (delivery.channel === 'mail') await this.mail(scope, delivery, pdf, attempt);
        else await this.smsAttempt(scope, delivery, attempt);
      },
      failed: (delivery, { attempt, lastAttempt }, error) =>
        this.uow.change(scope, async (tx) => {
          await this.deliveries.recordAttempt(tx, delivery, attempt, {
            status: 'FAILED',
            error,
            providerId: null,
            next: lastAttempt ? 'FAILED' : 'RETRYING',
          });
        }),
    });
  }

  private waitForPdf(scope: TenantScope, delivery: DeliveryRow): Promise<ReportPdfRow> {
    return waitForStored(
      () => this.uow.read(scope, (tx) => this.pdfs.find(tx, delivery.report_id, delivery.pdf_version)),
      this.env.DELIVERY_PDF_WAIT_MS,
      `the PDF of version ${delivery.pdf_version} is not stored yet`,
    );
  }

  private async mail(scope: TenantScope, delivery: DeliveryRow, pdf: ReportPdfRow, attempt: number): Promise<void> {
    const facts = await this.uow.read(
      scope,
      async (tx) =>
        (await this.reports.deliveryFacts(tx, delivery.report_id)) ?? {
          test_name: null,
          patient_name: null,
          study_description: null,
          modality: null,
          centre_name: null,
        },
    );
    const bytes = await this.storage.get(pdf.object_key);
    const sent = await this.mailer.send(
      reportMail({
        to: delivery.to_address,
        name: delivery.to_name,
        patientName: facts.patient_name,
        testName: facts.test_name,
        studyDescription: facts.study_description,
        modality: facts.modality,
        centreName: facts.centre_name,
        version: delivery.pdf_version,
        pdf: bytes,
      }),
    );
    await this.uow.change(scope, async (tx) => {
      await this.deliveries.recordAttempt(tx, delivery, attempt, {
        status: 'SENT',
        error: null,
        providerId: sent.messageId || null,
        next: 'SENT',
      });
    });
  }

  private async smsAttempt(scope: TenantScope, delivery: DeliveryRow, attempt: number): Promise<void> {
    await this.uow.change(scope, async (tx) => {
      const sent = await sendDeliveryLinkBySms(
        tx,
        this.sms,
        { tenantId: delivery.tenant_id, deliveryId: delivery.id, to: delivery.to_address },
        {
          publicBaseUrl: this.env.PUBLIC_BASE_URL,
          route: LINK_ROUTE,
          keep: (hash, ttl) => this.deliveries.setLink(tx, delivery.id, hash, ttl),
        },
      );
      await this.deliveries.recordAttempt(tx, delivery, attempt, {
        status: 'SENT',
        error: null,
        providerId: sent.providerId,
        next: 'SENT',
      });
    });
  }
}
