import type { RequestAccess } from '@rayworks/nest-kit';
import { caseReachKind } from './case-reach.js';

/**
 * Acting on a case of another company (docs/decisions/0150-fusion-reach.md): a caller whose reach may hold one — a
 * marketplace radiologist (of no company) or the fusion side — reads the case under its own row-level security, and
 * writes in the case's company, as itself (the unit of work's `{ inCompany }`, docs/decisions/0225).
 */
export const actsAcrossCompanies = (access: RequestAccess): boolean =>
  access.principal.tenantId === null || caseReachKind(access) === 'fusion';
