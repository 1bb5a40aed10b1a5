import { Inject, Injectable } from '@nestjs/common';
import { UnitOfWork, type TenantScope } from '@rayworks/nest-kit';
import { ANALYZER_LISTENER_ACTOR } from './analyzer-audit.js';
import { AnalyzerResultsPublisher, type MatchedRow } from './analyzer-results.publisher.js';
import { AnalyzerResultsRepository, type ResultDecision } from './analyzer-results.repository.js';
import { AnalyzersRepository } from './analyzers.repository.js';
import { matchResult } from './result-matching.js';

export const listenerScope = (tenantId: string): TenantScope => ({
  tenantId,
  actor: ANALYZER_LISTENER_ACTOR,
  user: null,
});

/**
 * Matches a stored message's results (the lims.analyzer-match job; docs/decisions/0303), in the analyzer's company:
 * each reading to its sample, order and parameter (result-matching.ts), written as MATCHED, UNMATCHED or REFUSED
 * rows, with one AnalyzerResultsMatched per sample — all in one transaction with the message marked matched, so a
 * job run twice (a worker died after the commit) finds it matched and does nothing.
 */
@Injectable()
export class AnalyzerMatchingService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(AnalyzersRepository) private readonly analyzers: AnalyzersRepository,
    @Inject(AnalyzerResultsRepository) private readonly results: AnalyzerResultsRepository,
    @Inject(AnalyzerResultsPublisher) private readonly publisher: AnalyzerResultsPublisher,
  ) {}

  /** The number of results written (0 when the message was matched before or is not there). */
  match(tenantId: string, messageId: string): Promise<number> {
    return this.uow.change(listenerScope(tenantId), async (tx) => {
      const message = await this.results.lockMessage(tx, messageId);
      if (!message || message.matched_at) return 0;
      const codes = new Map((await this.analyzers.codes(tx, message.analyzer_id)).map((c) => [c.analyzerCode, c]));
      const samples = await this.results.samplesByBarcodes(
        tx,
        null,
        message.readings.map((r) => r.barcode),
      );
      const limits = new Map<string, { possibleMin: string | null; possibleMax: string | null } | null>();
      const decisions: (ResultDecision & { seq: number; reading: (typeof message.readings)[number] })[] = [];
      for (const [seq, reading] of message.readings.entries()) {
        const code = codes.get(reading.analyzerCode);
        const key = code ? `${code.testCode}\u0000${code.parameterCode}` : '';
        if (code && !limits.has(key))
          limits.set(key, await this.results.possibleLimitsOf(tx, code.testCode, code.parameterCode));
        const decision = matchResult({
          barcode: reading.barcode,
          analyzerCode: reading.analyzerCode,
          value: reading.value,
          sample: samples.get(reading.barcode),
          code,
          limits: code ? (limits.get(key) ?? null) : null,
        });
        decisions.push({ ...decision, seq, reading });
      }
      const ids = await this.results.insertResults(
        tx,
        { tenantId, analyzerId: message.analyzer_id, messageId, receivedAt: message.received_at },
        decisions,
      );
      const rows: MatchedRow[] = decisions.map((d) => ({ resultId: ids.get(d.seq)!, decision: d, reading: d.reading }));
      const barcodes = new Map([...samples.values()].map((s) => [s.sampleId, s.barcode]));
      await this.publisher.matched(
        tx,
        { analyzerId: message.analyzer_id, messageId, resolvedBy: null },
        rows,
        barcodes,
      );
      await this.results.markMatched(tx, messageId);
      return ids.size;
    });
  }
}
