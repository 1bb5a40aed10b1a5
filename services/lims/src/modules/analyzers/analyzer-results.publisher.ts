import { Injectable } from '@nestjs/common';
import { AnalyzerResultsMatchedV1, type AnalyzerReading } from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';
import type { ResultDecision } from './analyzer-results.repository.js';

export interface MatchedRow {
  resultId: string;
  decision: ResultDecision;
  reading: Pick<AnalyzerReading, 'value' | 'unit' | 'flags' | 'observedAt'>;
}

/** AnalyzerResultsMatched on lims.result.v1: one event per sample, in the change's transaction (outbox). */
@Injectable()
export class AnalyzerResultsPublisher {
  async matched(
    tx: ChangeTx,
    context: { analyzerId: string; messageId: string; resolvedBy: string | null },
    rows: readonly MatchedRow[],
    barcodes: ReadonlyMap<string, string>,
  ): Promise<void> {
    const bySample = new Map<string, MatchedRow[]>();
    for (const row of rows) {
      if (row.decision.status !== 'MATCHED' || !row.decision.sampleId) continue;
      bySample.set(row.decision.sampleId, [...(bySample.get(row.decision.sampleId) ?? []), row]);
    }
    for (const [sampleId, matched] of bySample)
      await tx.publish(AnalyzerResultsMatchedV1, sampleId, {
        sampleId,
        barcode: barcodes.get(sampleId) ?? '',
        analyzerId: context.analyzerId,
        messageId: context.messageId,
        resolvedBy: context.resolvedBy,
        results: matched.map((m) => ({
          resultId: m.resultId,
          labOrderId: m.decision.labOrderId!,
          testCode: m.decision.testCode!,
          parameterCode: m.decision.parameterCode!,
          value: m.reading.value,
          unit: m.reading.unit,
          flags: m.reading.flags,
          observedAt: m.reading.observedAt,
        })),
      });
  }
}
