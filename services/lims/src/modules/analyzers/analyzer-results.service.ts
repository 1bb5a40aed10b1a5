import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ANALYZER_MESSAGES, type AnalyzerResult, type BodyOf, type LIMS_API, type Page } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type ChangeTx, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { ANALYZER_AUDIT_ACTIONS } from './analyzer-audit.js';
import type { AnalyzerResultEntity } from './analyzer-result.entity.js';
import { AnalyzerResultsPublisher } from './analyzer-results.publisher.js';
import { AnalyzerResultsRepository } from './analyzer-results.repository.js';
import { matchResult } from './result-matching.js';

const M = ANALYZER_MESSAGES;

/**
 * The results analyzers sent and the unmatched results queue (docs/decisions/0303), narrowed to the analyzers of
 * the caller's centres (0373): list them, match a waiting one
 * by hand (the same rules as the listener's matching, with the sample and parameter the lab user names) or discard
 * it. Each resolution is an audit entry; a match publishes AnalyzerResultsMatched as the listener's does.
 */
@Injectable()
export class AnalyzerResultsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(AnalyzerResultsRepository) private readonly results: AnalyzerResultsRepository,
    @Inject(AnalyzerResultsPublisher) private readonly publisher: AnalyzerResultsPublisher,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof LIMS_API.findAnalyzerResults>): Promise<Page<AnalyzerResult>> {
    return this.uow.read(
      access,
      async (tx) => {
        const { items, total } = await this.results.list(tx, access, q);
        return { items: await this.answers(tx, items), total, page: q.page, pageSize: q.pageSize };
      },
      { audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: null } },
    );
  }

  resolve(access: RequestAccess, body: BodyOf<typeof LIMS_API.resolveAnalyzerResult>): Promise<AnalyzerResult> {
    return this.uow.change(access, async (tx) => {
      const result = await this.waiting(tx, access, body.id, ['UNMATCHED']);
      // the sample named must be one the caller reaches, as the result is (docs/decisions/0373)
      const sample = (await this.results.samplesByBarcodes(tx, access, [body.barcode])).get(body.barcode);
      if (!sample) throw new NotFoundException(M.sampleNotFound);
      const code = { testCode: body.testCode, parameterCode: body.parameterCode };
      const decision = matchResult({
        barcode: body.barcode,
        analyzerCode: result.analyzerCode,
        value: result.value,
        sample,
        code,
        limits: await this.results.possibleLimitsOf(tx, body.testCode, body.parameterCode),
      });
      // the lab user's answer is final only when it matches: an order missing or a value refused changes nothing
      if (decision.status !== 'MATCHED') throw new ConflictException(decision.note);
      await this.results.update(tx, result.id, {
        ...decision,
        note: null,
        resolvedBy: access.principal.userId,
        resolvedAt: new Date(),
      });
      await tx.audit({
        action: ANALYZER_AUDIT_ACTIONS.resultResolve,
        target: { type: 'analyzer-result', id: result.id },
        details: {
          barcode: body.barcode,
          testCode: body.testCode,
          parameterCode: body.parameterCode,
          was: result.reason,
        },
      });
      await this.publisher.matched(
        tx,
        { analyzerId: result.analyzerId, messageId: result.messageId, resolvedBy: access.principal.userId },
        [
          {
            resultId: result.id,
            decision,
            reading: { ...result, observedAt: result.observedAt?.toISOString() ?? null },
          },
        ],
        new Map([[sample.sampleId, sample.barcode]]),
      );
      return (await this.answers(tx, [(await this.results.find(tx, null, result.id))!]))[0]!;
    });
  }

  discard(access: RequestAccess, body: BodyOf<typeof LIMS_API.discardAnalyzerResult>): Promise<AnalyzerResult> {
    return this.uow.change(access, async (tx) => {
      const result = await this.waiting(tx, access, body.id, ['UNMATCHED', 'REFUSED']);
      await this.results.update(tx, result.id, {
        status: 'DISCARDED',
        note: body.reason,
        resolvedBy: access.principal.userId,
        resolvedAt: new Date(),
      });
      await tx.audit({
        action: ANALYZER_AUDIT_ACTIONS.resultDiscard,
        target: { type: 'analyzer-result', id: result.id },
        details: { reason: body.reason, was: result.status },
      });
      return (await this.answers(tx, [(await this.results.find(tx, null, result.id))!]))[0]!;
    });
  }

  /** The result if the caller reaches it (404 otherwise, as if not there) and it is in one of these statuses (409). */
  private async waiting(
    tx: ChangeTx,
    access: RequestAccess,
    id: string,
    statuses: readonly AnalyzerResultEntity['status'][],
  ) {
    const result = await this.results.find(tx, access, id, true);
    if (!result) throw new NotFoundException(M.resultNotFound);
    if (!statuses.includes(result.status)) throw new ConflictException(M.resultNotOpen);
    return result;
  }

  private async answers(tx: ReadTx, rows: readonly AnalyzerResultEntity[]): Promise<AnalyzerResult[]> {
    const names = await this.results.analyzerNames(
      tx,
      rows.map((r) => r.analyzerId),
    );
    return rows.map((r) => r.toResult(names.get(r.analyzerId) ?? ''));
  }
}
