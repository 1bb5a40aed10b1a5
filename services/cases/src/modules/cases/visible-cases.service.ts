import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CASE_MESSAGES } from '@rayworks/contracts';
import type { ReadTx, RequestAccess } from '@rayworks/nest-kit';
import type { CaseEntity } from './case.entity.js';
import { CasesRepository } from './cases.repository.js';

/**
 * One case the caller may see, for every module that acts on a case (actions, collaboration, marketplace, fusion):
 * the reach rule (case-reach.ts) under row-level security; anything else — another company's case, another
 * centre's, a case not assigned to this radiologist, a missing id — is the same 404 'Case not found'.
 */
@Injectable()
export class VisibleCases {
  constructor(@Inject(CasesRepository) private readonly cases: CasesRepository) {}

  /** The case, or 404. `lock`: held for this transaction's change (FOR UPDATE). */
  async load(tx: ReadTx, access: RequestAccess, caseId: string, options: { lock?: boolean } = {}): Promise<CaseEntity> {
    const found = await this.cases.findVisible(tx, access, caseId, options.lock ?? false);
    if (!found) throw new NotFoundException(CASE_MESSAGES.notFound);
    return found;
  }

  /** Several cases, each visible, or 404 naming none (bulk actions). */
  async loadMany(
    tx: ReadTx,
    access: RequestAccess,
    caseIds: readonly string[],
    options: { lock?: boolean } = {},
  ): Promise<CaseEntity[]> {
    const out: CaseEntity[] = [];
    for (const id of [...new Set(caseIds)].sort()) out.push(await this.load(tx, access, id, options));
    return out;
  }
}
