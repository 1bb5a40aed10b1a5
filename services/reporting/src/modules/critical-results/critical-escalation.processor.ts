import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import type { JobPayload } from '@rayworks/contracts';
import { jobCompany, JobProcessors, LOGGER, processor, UnitOfWork, type JobContext } from '@rayworks/nest-kit';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { CriticalMailer } from './critical-mailer.js';
import { escalationMail, flagMail } from './critical-mail.js';
import { CriticalPush } from './critical.push.js';
import { CriticalRepository } from './critical.repository.js';
import { emailsOf, escalationRecipients, escalationStep, flagRecipients } from './critical.rules.js';
import { publishAlertStep } from './critical.publisher.js';
import { CRITICAL_AUDIT_ACTIONS } from './critical.service.js';

/** A delayed run that came before its time: failed, so BullMQ runs it again later (never dropped). */
export class EscalationNotDue extends Error {
  constructor(alertId: string) {
    super(`critical alert ${alertId} is not due for escalation yet`);
    this.name = 'EscalationNotDue';
  }
}

/**
 * reporting.critical-escalation (JOBS.reportingCriticalEscalation {alertId}; docs/decisions/0188): started twice at
 * flag time (a case's flag, a lab order's LabCriticalResult; docs/decisions/0307) — at once and delayed by the
 * centre's escalation time — and does what escalationStep says, each in one
 * unit of work in the alert's company with the alert row locked: the flag e-mails to the centre (sent inside the
 * unit of work: if SMTP fails nothing is marked and the job is retried), then, for an alert still OPEN when due:
 * ESCALATED, CriticalResultEscalated, an audit entry, the e-mail to the centre's admins, and after commit
 * `critical:alert` to the company room and the admins' user rooms.
 */
@Injectable()
export class CriticalEscalationProcessor implements OnModuleInit {
  constructor(
    @Inject(JobProcessors) private readonly processors: JobProcessors,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CriticalRepository) private readonly alerts: CriticalRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(CriticalMailer) private readonly mailer: CriticalMailer,
    @Inject(CriticalPush) private readonly push: CriticalPush,
  ) {}

  onModuleInit(): void {
    this.processors.register(
      processor('reportingCriticalEscalation', (payload, context) => this.process(payload, context), {
        concurrency: 2,
      }),
    );
  }

  async process({ alertId }: JobPayload<'reportingCriticalEscalation'>, { meta, job }: JobContext): Promise<string> {
    const scope = jobCompany('reportingCriticalEscalation', meta);
    const delayed = (job.opts?.delay ?? 0) > 0;
    return this.uow.change(scope, async (tx) => {
      const alert = await this.alerts.locked(tx, alertId);
      if (!alert) {
        this.logger.warn({ alertId, jobId: job.id }, 'critical alert not found: nothing to do');
        return 'missing';
      }
      const step = escalationStep(alert, new Date(), delayed);
      const done: string[] = [];
      const people = step.notify || step.escalate ? await this.directory.activeUsers(tx) : [];
      const place = { centreId: alert.centreId, groupId: alert.groupId };
      if (step.notify) {
        // a lab order's alert came from a consumer's transaction, committed before this job ran: pushed from here
        // (a case's alert is pushed by the flag itself)
        if (alert.labOrderId) this.push.send(alert);
        const to = emailsOf(flagRecipients(people, place));
        await this.mailer.send(flagMail(alert, to));
        await this.alerts.update(tx, alert.id, { notifiedAt: new Date(), notifiedEmails: to });
        await tx.audit({
          action: CRITICAL_AUDIT_ACTIONS.notify,
          target: alert.target,
          details: { alertId: alert.id, recipients: to.length },
        });
        done.push('notified');
      }
      if (step.escalate) {
        const admins = escalationRecipients(people, place);
        const to = emailsOf(admins);
        await this.mailer.send(escalationMail(alert, to));
        const row = await this.alerts.update(tx, alert.id, {
          status: 'ESCALATED',
          escalatedAt: new Date(),
          escalatedEmails: to,
        });
        await publishAlertStep(tx, this.alerts, 'escalate', row, null);
        await tx.audit({
          action: CRITICAL_AUDIT_ACTIONS.escalate,
          target: alert.target,
          details: { alertId: alert.id, recipients: to.length, escalateAfterMinutes: alert.escalateAfterMinutes },
        });
        tx.afterCommit(() =>
          this.push.send(
            row,
            admins.map((a) => a.id),
          ),
        );
        done.push('escalated');
      }
      if (step.early) throw new EscalationNotDue(alert.id);
      return done.join(',') || 'nothing';
    });
  }
}
