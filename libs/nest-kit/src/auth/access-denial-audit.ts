import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { LOGGER } from '../app/tokens.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import type { Principal } from './principal.js';

/** Audit actions the kit itself writes, in every service's audit log (services add their own vocabulary). */
export const KIT_AUDIT_ACTIONS = {
  /** A signed-in caller refused by the guard (403): a missing privilege or role, or another tenant's x-company-id. */
  accessDenied: 'ACCESS_DENIED',
  /** A read of patient data (UnitOfWork.read with `audit`): who read what, when, from where. */
  patientDataRead: 'PATIENT_DATA_READ',
  /** An export (a file or a listing taken out of the platform), audited the same way. */
  export: 'EXPORT',
} as const;

/**
 * Records the guard's refusals of signed-in callers (403) in the service's audit log (issue 8, finding 9): the
 * caller, its tenant, the route and why. A failure to record is logged and never changes the answer (still 403).
 */
@Injectable()
export class AccessDenialAudit {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async record(principal: Principal, req: Request, details: Record<string, unknown>): Promise<void> {
    try {
      await this.uow.change(principal, (tx) =>
        tx.audit({
          action: KIT_AUDIT_ACTIONS.accessDenied,
          target: { type: 'route', id: `${req.method} ${(req.originalUrl ?? req.url).split('?')[0]!.slice(0, 200)}` },
          client: { address: req.ip ?? null, userAgent: req.headers['user-agent']?.slice(0, 300) ?? null },
          details,
        }),
      );
    } catch (error) {
      this.logger.error({ err: error, userId: principal.userId }, 'could not record an access denial');
    }
  }
}
