import { Injectable } from '@nestjs/common';
import { REPORT_EVENTS, type ReportEventType } from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';
import type { ReportEntity } from './report.entity.js';

/** The reports' events (topic of REPORT_EVENTS, key the case), written to the outbox in the change's transaction. */
@Injectable()
export class ReportsPublisher {
  async report(
    tx: ChangeTx,
    type: ReportEventType,
    row: ReportEntity,
    actorId: string,
    extra: { typistId?: string | null; addendumId?: string | null },
  ): Promise<void> {
    await tx.publish(REPORT_EVENTS[type], row.caseId, {
      reportId: row.id,
      caseId: row.caseId,
      version: row.version,
      status: row.status,
      centreId: row.centreId,
      actorId,
      ...extra,
    });
  }
}
