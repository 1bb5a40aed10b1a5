import { Inject, Injectable } from '@nestjs/common';
import type { Credentials } from '@rayworks/api-client';
import type { BodyOf, PriorReport, REPORTING_API } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { htmlToText } from '../interop/interop-report.js';
import { CasesClient } from '../reports/cases.client.js';
import { readInCase } from '../reports/case-work.js';
import { ReportsRepository } from '../reports/reports.repository.js';
import { PriorsClient } from './priors.client.js';

/**
 * The final reports of a case's priors for the viewer's priors panel (issue 25 item 9; docs/decisions/0347): the case
 * as the caller may see it (404 otherwise), and of the cases asked for only those cases lists as the case's priors for
 * this caller (PriorsClient: the same patient ID in the case's centre, in the caller's reach — docs/decisions/0218: the
 * same Patient ID in two centres is not the same patient); any other is left out, never named. The text is the final
 * report's, as plain text, with its final addenda; a prior whose report is not final answers its status, no text.
 */
@Injectable()
export class PriorReportsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CasesClient) private readonly cases: CasesClient,
    @Inject(ReportsRepository) private readonly reports: ReportsRepository,
    @Inject(PriorsClient) private readonly priors: PriorsClient,
  ) {}

  async find(
    access: RequestAccess,
    caller: Credentials,
    body: BodyOf<typeof REPORTING_API.priorReports>,
  ): Promise<{ reports: PriorReport[] }> {
    const current = await this.cases.findOne(caller, body.caseId);
    const listed = new Set(
      (await this.priors.priorsOf(caller, current._id)).flatMap((p) => (p.caseId ? [p.caseId] : [])),
    );
    const priors = [...new Set(body.priorCaseIds)].filter((id) => listed.has(id)).map((id) => ({ _id: id }));
    if (priors.length === 0) return { reports: [] };
    return readInCase(
      this.uow,
      access,
      current,
      async (tx) => ({
        reports: await Promise.all(
          priors.map(async (p): Promise<PriorReport> => {
            const row = await this.reports.ofCase(tx, p._id);
            if (!row) return { caseId: p._id, status: null, text: null, finalizedAt: null, signedBy: null };
            if (row.status !== 'FINAL')
              return { caseId: p._id, status: row.status, text: null, finalizedAt: null, signedBy: null };
            const addenda = (await this.reports.addenda(tx, row.id)).filter((a) => a.status === 'FINAL');
            const text = [
              htmlToText(row.reportHtml),
              ...addenda.map(
                (a) => `Addendum (${a.finalizedAt?.toISOString().slice(0, 10) ?? ''}):\n${htmlToText(a.html)}`,
              ),
            ].join('\n\n');
            return {
              caseId: p._id,
              status: row.status,
              text,
              finalizedAt: row.finalizedAt?.toISOString() ?? null,
              signedBy: row.doctorInfo?.doctorName ?? null,
            };
          }),
        ),
      }),
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          actor: { userId: access.principal.userId, loginName: access.principal.loginName },
          target: { type: 'case', id: current._id },
          details: { read: 'prior_reports', priorCaseIds: priors.map((p) => p._id) },
        },
      },
    );
  }
}
