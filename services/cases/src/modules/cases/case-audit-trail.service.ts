import type { BodyOf } from '@rayworks/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { CASES_API, CaseAuditEntry } from '@rayworks/contracts';
import { UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { CaseAuditTrailRepository } from './case-audit-trail.repository.js';
import { VisibleCases } from './visible-cases.service.js';

/**
 * A case's audit trail (docs/decisions/0156-case-audit-trail.md): the case must be in the caller's reach (404
 * otherwise, as /cases/findOne), then its entries. Reading the trail is not itself audited: it holds who did what
 * to the case, not the patient's data, and the page that shows it has read the case through /cases/findOne.
 */
@Injectable()
export class CaseAuditTrailService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(CaseAuditTrailRepository) private readonly trail: CaseAuditTrailRepository,
  ) {}

  find(
    access: RequestAccess,
    body: BodyOf<typeof CASES_API.findCaseAudit>,
  ): Promise<{ entries: CaseAuditEntry[]; truncated: boolean }> {
    return this.uow.read(access, async (tx) => {
      await this.visible.load(tx, access, body._id);
      const rows = await this.trail.entries(tx, body._id, { includeReads: body.includeReads, limit: body.limit });
      return {
        entries: rows.slice(0, body.limit).map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          action: r.action,
          actorId: r.actor_id,
          actorLogin: r.actor_login,
          actorName: r.actor_name,
          details: r.details ?? {},
        })),
        truncated: rows.length > body.limit,
      };
    });
  }
}
