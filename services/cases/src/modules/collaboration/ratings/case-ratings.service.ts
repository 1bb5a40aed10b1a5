import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { COLLABORATION_MESSAGES, type CASES_API, type CaseRating, type BodyOf } from '@rayworks/contracts';
import { companyOf, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { VisibleCases } from '../../cases/visible-cases.service.js';
import { DirectoryRepository } from '../../directory/directory.repository.js';
import { COLLABORATION_AUDIT_ACTIONS as A, iso } from '../collaboration-audit.js';
import type { CaseRatingEntity } from './case-rating.entity.js';
import { CaseRatingsRepository } from './case-ratings.repository.js';

/** The mean of the stars, to one decimal; null when there are none. */
export function averageStars(stars: readonly number[]): number | null {
  if (stars.length === 0) return null;
  return Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10;
}

/**
 * Rating and feedback of a case's reading (spec §6 "rating and feedback"): by the holders of RATING_FEEDBACK on a
 * case they can see, once it is COMPLETED (a report exists to rate; 409 before); one per user and case, a second
 * replaces the first (docs/decisions/0142).
 */
@Injectable()
export class CaseRatingsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(CaseRatingsRepository) private readonly ratings: CaseRatingsRepository,
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
  ) {}

  rate(access: RequestAccess, body: BodyOf<typeof CASES_API.rateCase>): Promise<CaseRating> {
    return this.uow.change(access, async (tx) => {
      const found = await this.visible.load(tx, access, body.caseId);
      if (found.status !== 'COMPLETED') throw new ConflictException(COLLABORATION_MESSAGES.ratingNotAllowed);
      const row = await this.ratings.upsert(tx, {
        tenantId: companyOf(access.principal),
        caseId: found.id,
        userId: access.principal.userId,
        stars: body.stars,
        feedback: body.feedback || null,
      });
      await tx.audit({
        action: A.rate,
        target: { type: 'case', id: found.id },
        details: { ratingId: row.id, stars: row.stars, radiologistId: found.radiologistId },
      });
      return (await this.views(tx, [row]))[0]!;
    });
  }

  find(access: RequestAccess, caseId: string) {
    return this.uow.read(access, async (tx) => {
      await this.visible.load(tx, access, caseId);
      const rows = await this.ratings.ofCase(tx, caseId);
      return {
        items: await this.views(tx, rows),
        count: rows.length,
        average: averageStars(rows.map((r) => r.stars)),
      };
    });
  }

  private async views(tx: ReadTx, rows: readonly CaseRatingEntity[]): Promise<CaseRating[]> {
    const names = await this.directory.names(
      tx,
      rows.map((r) => r.userId),
      [],
    );
    return rows.map((r) => ({
      _id: r.id,
      caseId: r.caseId,
      userId: r.userId,
      userName: names.users.get(r.userId) ?? null,
      stars: r.stars,
      feedback: r.feedback,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
    }));
  }
}
