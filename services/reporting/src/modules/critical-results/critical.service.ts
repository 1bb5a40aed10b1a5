import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Credentials } from '@rayworks/api-client';
import {
  CRITICAL_MESSAGES as M,
  TEMPLATE_MESSAGES,
  type CriticalAlert,
  type CriticalSettings,
  type REPORTING_API,
  type BodyOf,
} from '@rayworks/contracts';
import { centreInReach, KIT_AUDIT_ACTIONS, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { CasesClient } from '../reports/cases.client.js';
import { publishAlertStep } from './critical.publisher.js';
import { CriticalRepository } from './critical.repository.js';
import { CriticalPush } from './critical.push.js';
import { escalateAt, escalationMinutes, mayAcknowledge, seesCentreAlerts } from './critical.rules.js';
import { REPORTING_ENV, type ReportingEnv } from '../../config/env.js';
import { TemplateCentres } from '../templates/template-centres.js';
import { templateReachOf } from '../templates/template-reach.js';

export const CRITICAL_AUDIT_ACTIONS = {
  flag: 'CRITICAL_RESULT_FLAG',
  notify: 'CRITICAL_RESULT_NOTIFY',
  acknowledge: 'CRITICAL_RESULT_ACKNOWLEDGE',
  escalate: 'CRITICAL_RESULT_ESCALATE',
  settings: 'CRITICAL_RESULT_SETTINGS',
} as const;

/**
 * Critical results (docs/decisions/0187-critical-results.md, 0188-critical-escalation.md): the reading radiologist
 * flags a finding on a case; in the same unit of work the alert is stored in the case's company, CriticalResultFlagged
 * is published (cases records it on the case's audit trail), the step is audited and two reporting.critical-escalation
 * jobs are started — one now (the e-mails to the centre, retried until sent) and one delayed by the centre's
 * escalation time; after commit `critical:alert` is pushed to the company room. A centre-side user acknowledges.
 */
@Injectable()
export class CriticalService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CriticalRepository) private readonly alerts: CriticalRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(CasesClient) private readonly cases: CasesClient,
    @Inject(CriticalPush) private readonly push: CriticalPush,
    @Inject(TemplateCentres) private readonly centres: TemplateCentres,
    @Inject(REPORTING_ENV) private readonly env: ReportingEnv,
  ) {}

  async flag(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.flagCritical>,
  ): Promise<CriticalAlert> {
    const found = await this.cases.findOne(caller, body.caseId);
    const me = access.principal;
    if (found.radiologistId !== me.userId) throw new ForbiddenException(M.notReader);
    return this.uow.change(
      access,
      async (tx) => {
        const report = await this.alerts.caseReport(tx, found._id);
        if (!report) throw new ConflictException(M.reportRequired);
        const setting = found.centreId ? await this.alerts.settings(tx, found.centreId) : null;
        const minutes = escalationMinutes(
          setting?.escalateAfterMinutes ?? null,
          this.env.CRITICAL_ESCALATE_AFTER_MINUTES,
        );
        const flaggedAt = new Date();
        const person = await this.directory.user(tx, me.userId);
        const row = await this.alerts.insert(tx, {
          id: randomUUID(),
          tenantId: found.companyId,
          caseId: found._id,
          reportId: report.id,
          centreId: found.centreId,
          groupId: found.groupId,
          finding: body.finding,
          caseFacts: {
            accessionNumber: found.accessionNumber,
            modality: found.modality,
            studyDescription: found.studyDescription,
            centreName: found.centreName,
          },
          status: 'OPEN',
          flaggedBy: me.userId,
          flaggedByName: person?.fullName || found.radiologistName || me.loginName,
          flaggedAt,
          escalateAfterMinutes: minutes,
          escalateAt: escalateAt(flaggedAt, minutes),
        });
        await publishAlertStep(tx, this.alerts, 'flag', row, me.userId, report);
        await tx.audit({
          action: CRITICAL_AUDIT_ACTIONS.flag,
          target: { type: 'case', id: found._id },
          details: { alertId: row.id, reportId: report.id, escalateAfterMinutes: minutes },
        });
        // now: the centre's e-mails (retried until sent); later: the escalation if still unacknowledged
        await tx.enqueue('reportingCriticalEscalation', { alertId: row.id });
        await tx.enqueue('reportingCriticalEscalation', { alertId: row.id }, { delayMs: Math.round(minutes * 60_000) });
        tx.afterCommit(() => this.push.send(row));
        return row.toAlert();
      },
      { inCompany: found.companyId },
    );
  }

  async acknowledge(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.acknowledgeCritical>,
  ): Promise<CriticalAlert> {
    const me = access.principal;
    const seen = await this.uow.read(access, (tx) => this.alerts.one(tx, body.alertId));
    if (!seen) throw new NotFoundException(M.alertNotFound);
    if (seen.caseId) {
      // the case must be in the caller's reach (cases says 404 otherwise), and the caller on the centre's side
      await this.cases.findOne(caller, seen.caseId);
      if (!mayAcknowledge(me, seen.tenantId)) throw new ForbiddenException(M.notCentreSide);
    } else {
      // a lab order's alert: its centre in the caller's reach (another centre's alert is not there), the centre side
      if (!seen.centreId || !centreInReach(access, { id: seen.centreId, groupId: seen.groupId }))
        throw new NotFoundException(M.alertNotFound);
      if (!mayAcknowledge(me, seen.tenantId)) throw new ForbiddenException(M.notLabCentreSide);
    }
    return this.uow.change(access, async (tx) => {
      const current = await this.alerts.locked(tx, seen.id);
      if (!current) throw new NotFoundException(M.alertNotFound);
      if (current.status === 'ACKNOWLEDGED') throw new ConflictException(M.alreadyAcknowledged);
      const person = await this.directory.user(tx, me.userId);
      const row = await this.alerts.update(tx, current.id, {
        status: 'ACKNOWLEDGED',
        acknowledgedBy: me.userId,
        acknowledgedByName: person?.fullName || me.loginName,
        acknowledgedAt: new Date(),
      });
      await publishAlertStep(tx, this.alerts, 'acknowledge', row, me.userId);
      await tx.audit({
        action: CRITICAL_AUDIT_ACTIONS.acknowledge,
        target: row.target,
        details: { alertId: row.id, was: current.status },
      });
      tx.afterCommit(() => this.push.send(row));
      return row.toAlert();
    });
  }

  /**
   * Alerts: of one case (any the caller may see: the case is checked with cases first), of one lab order (those of a
   * centre in the caller's reach), or — without either — the open and past alerts of the caller's centres for the
   * centre side, and the ones they flagged for a radiologist.
   */
  async find(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.findCritical>,
  ): Promise<{ alerts: CriticalAlert[] }> {
    const filter = { status: body.status, open: body.open };
    const audit = (id: string | null, type = 'case') => ({
      action: KIT_AUDIT_ACTIONS.patientDataRead,
      target: id ? { type, id } : null,
      details: { read: 'critical_alerts' },
    });
    if (body.caseId) {
      const found = await this.cases.findOne(caller, body.caseId);
      const rows = await this.uow.read(access, (tx) => this.alerts.find(tx, { ...filter, caseId: found._id }), {
        inCompany: found.companyId,
        audit: {
          ...audit(found._id),
          actor: { userId: access.principal.userId, loginName: access.principal.loginName },
        },
      });
      return { alerts: rows.map((r) => r.toAlert()) };
    }
    if (!access.principal.tenantId) return { alerts: [] };
    if (body.labOrderId) {
      const labOrderId = body.labOrderId;
      const rows = await this.uow.read(
        access,
        (tx) => this.alerts.find(tx, { ...filter, labOrderIds: [labOrderId], reach: access }),
        { audit: audit(labOrderId, 'lab_order') },
      );
      return { alerts: rows.map((r) => r.toAlert()) };
    }
    const rows = await this.uow.read(
      access,
      (tx) =>
        seesCentreAlerts(access.principal)
          ? this.alerts.find(tx, { ...filter, reach: access })
          : this.alerts.find(tx, { ...filter, flaggedBy: access.principal.userId }),
      { audit: audit(null) },
    );
    return { alerts: rows.map((r) => r.toAlert()) };
  }

  /** The lab's side: the alerts of lab orders of centres in the caller's reach (docs/decisions/0307). */
  async findLab(
    access: RequestAccess,
    body: BodyOf<typeof REPORTING_API.findLabCritical>,
  ): Promise<{ alerts: CriticalAlert[] }> {
    if (!access.principal.tenantId) return { alerts: [] };
    const rows = await this.uow.read(
      access,
      // one alert per order and amendment: a few per order at most
      (tx) =>
        this.alerts.find(tx, { labOrderIds: body.labOrderIds, reach: access, limit: body.labOrderIds.length * 4 }),
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: null,
          details: { read: 'critical_alerts', labOrders: body.labOrderIds.length },
        },
      },
    );
    return { alerts: rows.map((r) => r.toAlert()) };
  }

  async settings(
    access: RequestAccess,
    body: BodyOf<typeof REPORTING_API.getCriticalSettings>,
  ): Promise<CriticalSettings> {
    const row = await this.uow.read(access, async (tx) => {
      await this.ownCentre(tx, access, body.centreId);
      return this.alerts.settings(tx, body.centreId);
    });
    return {
      centreId: body.centreId,
      escalateAfterMinutes: escalationMinutes(
        row?.escalateAfterMinutes ?? null,
        this.env.CRITICAL_ESCALATE_AFTER_MINUTES,
      ),
      isDefault: row === null,
    };
  }

  async saveSettings(
    access: RequestAccess,
    body: BodyOf<typeof REPORTING_API.saveCriticalSettings>,
  ): Promise<CriticalSettings> {
    await this.uow.change(access, async (tx) => {
      await this.ownCentre(tx, access, body.centreId);
      const tenantId = access.principal.tenantId!;
      await this.alerts.saveSettings(tx, tenantId, body.centreId, body.escalateAfterMinutes, access.principal.userId);
      await tx.audit({
        action: CRITICAL_AUDIT_ACTIONS.settings,
        target: { type: 'centre', id: body.centreId },
        details: { escalateAfterMinutes: body.escalateAfterMinutes },
      });
    });
    return { centreId: body.centreId, escalateAfterMinutes: body.escalateAfterMinutes, isDefault: false };
  }

  /** A company user's own centre (a centre user's centres, everything of their company for the company's admins). */
  /**
   * A centre's escalation time is read and set by its own side only: the centre must be in the caller's reach and of
   * its company (template-centres.ts, docs/decisions/0214) — a group admin's group centres, a centre user's own, any
   * centre of a company-level user's company; 404 otherwise, another company's centre and an unknown id alike.
   */
  private ownCentre(tx: ReadTx, access: RequestAccess, centreId: string): Promise<void> {
    return this.centres.check(
      tx,
      templateReachOf(access),
      centreId,
      () => new NotFoundException(TEMPLATE_MESSAGES.centreOutOfReach),
    );
  }
}
