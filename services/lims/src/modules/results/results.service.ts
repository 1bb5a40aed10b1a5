import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  judgeTest,
  LabCriticalResultV1,
  nextResult,
  RESULT_ACTION_WORDS,
  RESULT_MESSAGES as M,
  RESULT_STATUS_LABELS,
  testParametersSchema,
  type AnalyzerResultsMatchedPayload,
  type BodyOf,
  type GivenValue,
  type JudgedTest,
  type LIMS_API,
  type OrderResults,
  type Parameter,
  type PerformedAt,
  type RangeSubject,
  type ResultEvent,
  type ResultHistoryEntry,
  type ResultLine,
  type ResultStatus,
  type Worksheet,
  type WorksheetTest,
} from '@rayworks/contracts';
import type { Credentials } from '@rayworks/api-client';
import {
  KIT_AUDIT_ACTIONS,
  UnitOfWork,
  type AuditClient,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { ManifestCompletion } from '../outsourcing/manifest-completion.js';
import { OutsourcedOrdersRepository } from '../outsourcing/outsourced-orders.repository.js';
import { patientSubjectOfRow } from './patient-age.js';
import { PathologistSigner } from './pathologist-signer.js';
import { RESULT_AUDIT_ACTIONS } from './result-audit.js';
import { ResultSignaturesRepository } from './result-signatures.repository.js';
import {
  ResultsRepository,
  type OrderResultsState,
  type OrderRow,
  type ResultRow,
  type StoredLine,
  type VersionRow,
} from './results.repository.js';

/** A catalogue version as the worksheet judges by it. */
interface JudgedBy {
  readonly test: WorksheetTest;
  readonly parameters: readonly Parameter[];
}

/** Who changes results: a person, or the system for an analyzer's values. */
interface Who {
  readonly userId: string | null;
  readonly name: string;
  /** Where a person's request came from (the audit entry's client); null for the system. */
  readonly client: AuditClient | null;
}

const ANALYZER: Who = { userId: null, name: 'Analyzer', client: null };

const personOf = (access: RequestAccess, client: AuditClient): Who => ({
  userId: access.principal.userId,
  name: access.principal.loginName,
  client,
});

/**
 * The lab's results (docs/decisions/0306): the worksheet of accepted samples, values typed or sent by an analyzer
 * judged as a whole by `judgeTest` (the console runs the same function as the lab types), validation by a person or
 * by the test's rule, the pathologist's signature, amendments with the history kept. A critical value publishes
 * LabCriticalResult once per order and amendment: reporting's critical results tell the centre (decision 0307).
 */
@Injectable()
export class ResultsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ResultsRepository) private readonly results: ResultsRepository,
    @Inject(PathologistSigner) private readonly signer: PathologistSigner,
    @Inject(ResultSignaturesRepository) private readonly signatures: ResultSignaturesRepository,
    @Inject(ManifestCompletion) private readonly manifests: ManifestCompletion,
    @Inject(OutsourcedOrdersRepository) private readonly outsourced: OutsourcedOrdersRepository,
  ) {}

  /** A page of the worksheet (a read of patient data: audited). */
  worksheet(access: RequestAccess, q: BodyOf<typeof LIMS_API.findWorksheet>, client: AuditClient): Promise<Worksheet> {
    return this.uow.read(
      access,
      async (tx) => {
        const { rows, total } = await this.results.worksheet(tx, access, q);
        const ids = rows.map((r) => r.order_id);
        const [versions, stored, previous, performed] = await Promise.all([
          this.results.versions(tx, [...new Set(rows.flatMap((r) => versionOf(r) ?? []))]),
          this.results.results(tx, ids),
          this.results.previous(tx, ids),
          this.outsourced.performedAt(tx, ids),
        ]);
        const judgedBy = new Map(versions.map((v) => [v.id, judgedByOf(v)]));
        const byOrder = groupBy(stored, (s) => s.lab_order_id);
        const items = rows.map((r) => {
          const by = judgedBy.get(versionOf(r) ?? '') ?? null;
          const judged = by
            ? this.judge(r, by, givenOf(byOrder.get(r.order_id) ?? []), previous.get(r.order_id))
            : null;
          return orderResultsOf(r, by, judged, performed.get(r.order_id) ?? null);
        });
        return { items, tests: [...judgedBy.values()].map((j) => j.test), total, page: q.page, pageSize: q.pageSize };
      },
      { audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: null, details: { list: 'worksheet' }, client } },
    );
  }

  /** Saves values typed on the worksheet (and validates them when asked). */
  save(access: RequestAccess, body: BodyOf<typeof LIMS_API.saveResults>, client: AuditClient): Promise<OrderResults> {
    const person = personOf(access, client);
    return this.uow.change(access, async (tx) => {
      const who = await this.named(tx, person);
      const row = await this.results.lockOrder(tx, access, body.orderId);
      if (!row) throw new NotFoundException(M.notFound);
      if ((row.version ?? 1) !== body.version) throw new ConflictException(M.changed);
      const by = await this.judgedBy(tx, row);
      const codes = new Set(by.parameters.map((p) => p.code));
      const unknown = Object.keys(body.values).filter((c) => !codes.has(c));
      if (unknown.length > 0) throw new BadRequestException(unknown.map((c) => M.unknownParameter(c)).join('; '));
      const typed = Object.fromEntries(
        Object.entries(body.values).map(([code, value]) => [
          code,
          value === null ? null : ({ value, source: 'MANUAL' } as const),
        ]),
      );
      return this.apply(tx, row, by, typed, who, body.validate ? 'person' : 'rule');
    });
  }

  /**
   * An analyzer's matched values (AnalyzerResultsMatched, in the consumer's unit of work): entered on each order that
   * still takes results, never over a value typed by a person; a value the parameter cannot be is left out (the
   * analyzer's result stays in the analyzer results, visible to the lab). Signed results are not changed.
   */
  async analyzerResults(tx: ChangeTx, payload: AnalyzerResultsMatchedPayload): Promise<void> {
    for (const [orderId, results] of groupBy(payload.results, (r) => r.labOrderId)) {
      const row = await this.results.lockOrder(tx, null, orderId);
      if (!row || !nextResult(row.status ?? 'PENDING', 'result.enter').ok) {
        await tx.audit({
          action: RESULT_AUDIT_ACTIONS.analyzerSkipped,
          target: { type: 'lab_order', id: orderId },
          details: { messageId: payload.messageId, status: row?.status ?? 'not in the lab' },
        });
        continue;
      }
      const versionId = versionOf(row);
      if (!versionId) continue;
      const by = await this.judgedBy(tx, row);
      const stored = await this.results.results(tx, [orderId]);
      const typedByPerson = new Set(stored.filter((s) => s.source === 'MANUAL').map((s) => s.parameter_code));
      const sent: Record<string, GivenValue> = {};
      for (const r of results)
        if (!typedByPerson.has(r.parameterCode)) sent[r.parameterCode] = { value: r.value, source: 'ANALYZER' };
      // what the parameter cannot be is left out (not stored, not calculated from)
      const trial = this.judge(row, by, { ...givenOf(stored), ...sent }, undefined);
      for (const line of trial.results) if (line.error !== null && sent[line.code]) delete sent[line.code];
      if (Object.keys(sent).length === 0) continue;
      await this.apply(tx, row, by, sent, ANALYZER, 'rule');
    }
  }

  /**
   * The pathologist signs validated results (all or nothing), with the signature of their profile (400 'Please
   * Upload Signature In Profile' without one; docs/decisions/0309): kept per order and amendment for the lab report.
   */
  async sign(
    access: RequestAccess,
    body: BodyOf<typeof LIMS_API.signResults>,
    client: AuditClient,
    caller: Credentials,
  ): Promise<{ items: OrderResults[] }> {
    const person = personOf(access, client);
    const signature = await this.signer.signature(caller, access.principal.tenantId ?? '');
    return this.uow.change(access, async (tx) => {
      const who = await this.named(tx, person);
      const items: OrderResults[] = [];
      for (const orderId of [...new Set(body.orderIds)]) {
        const row = await this.results.lockOrder(tx, access, orderId);
        if (!row) throw new NotFoundException(M.notFound);
        const status = this.allow(row, 'result.sign', RESULT_ACTION_WORDS.sign);
        const by = await this.judgedBy(tx, row);
        const judged = this.judge(
          row,
          by,
          givenOf(await this.results.results(tx, [orderId])),
          await this.previousOf(tx, row),
        );
        const state: OrderResultsState = {
          ...stateOf(row),
          status,
          signedBy: who.userId,
          signedByName: who.name,
          signedAt: new Date(),
        };
        await this.results.updateState(tx, orderId, state);
        await this.signatures.record(tx, {
          tenantId: row.tenant_id,
          orderId,
          amendment: state.amendment,
          signedBy: who.userId!,
          doctorName: signature.doctorName,
          qualification: signature.qualification,
          signatureKey: signature.key,
          signedAt: state.signedAt!,
        });
        await this.results.appendHistory(tx, row, {
          amendment: state.amendment,
          status,
          lines: linesOf(judged),
          who,
          reason: null,
        });
        await tx.audit({
          action: RESULT_AUDIT_ACTIONS.sign,
          target: { type: 'lab_order', id: orderId },
          details: { barcode: row.barcode, testCode: row.test_code, amendment: state.amendment },
          client: who.client,
        });
        items.push(
          orderResultsOf(
            { ...row, ...rowState(state), version: (row.version ?? 1) + 1 },
            by,
            judged,
            await this.performedAtOf(tx, orderId),
          ),
        );
      }
      return { items };
    });
  }

  /** Reopens signed results for a correction: the next amendment; the signed lines stay in the history. */
  amend(access: RequestAccess, body: BodyOf<typeof LIMS_API.amendResults>, client: AuditClient): Promise<OrderResults> {
    const person = personOf(access, client);
    return this.uow.change(access, async (tx) => {
      const who = await this.named(tx, person);
      const row = await this.results.lockOrder(tx, access, body.orderId);
      if (!row) throw new NotFoundException(M.notFound);
      if ((row.version ?? 1) !== body.version) throw new ConflictException(M.changed);
      const status = this.allow(row, 'result.amend', RESULT_ACTION_WORDS.amend);
      const by = await this.judgedBy(tx, row);
      const judged = this.judge(
        row,
        by,
        givenOf(await this.results.results(tx, [row.order_id])),
        await this.previousOf(tx, row),
      );
      const state: OrderResultsState = {
        ...stateOf(row),
        status,
        amendment: (row.amendment ?? 0) + 1,
        autoValidated: false,
        validatedBy: null,
        validatedByName: null,
        validatedAt: null,
        signedBy: null,
        signedByName: null,
        signedAt: null,
        criticalAlertId: null,
      };
      await this.results.updateState(tx, row.order_id, state);
      await this.results.appendHistory(tx, row, {
        amendment: state.amendment,
        status,
        lines: linesOf(judged),
        who,
        reason: body.reason,
      });
      await tx.audit({
        action: RESULT_AUDIT_ACTIONS.amend,
        target: { type: 'lab_order', id: row.order_id },
        details: { barcode: row.barcode, testCode: row.test_code, amendment: state.amendment, reason: body.reason },
        client: who.client,
      });
      return orderResultsOf(
        { ...row, ...rowState(state), version: (row.version ?? 1) + 1 },
        by,
        judged,
        await this.performedAtOf(tx, row.order_id),
      );
    });
  }

  /** The order's history (signed sets of results, amendments with their reasons). */
  history(access: RequestAccess, orderId: string, client: AuditClient): Promise<{ items: ResultHistoryEntry[] }> {
    return this.uow.read(
      access,
      async (tx) => {
        if (!(await this.results.reaches(tx, access, orderId))) throw new NotFoundException(M.notFound);
        const rows = await this.results.history(tx, orderId);
        return {
          items: rows.map((h) => ({
            amendment: h.amendment,
            status: h.status,
            lines: h.lines as ResultLine[],
            by: h.by_name,
            at: h.at.toISOString(),
            reason: h.reason,
          })),
        };
      },
      { audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: { type: 'lab_order', id: orderId }, client } },
    );
  }

  /**
   * Judges the order with the given values over the stored ones and writes the outcome: the lines, the state (ENTERED,
   * or VALIDATED — by a person when asked, else by the test's rule when nothing holds it), the audit entry, and a
   * LabCriticalResult the first time the order's results are critical in this amendment.
   */
  private async apply(
    tx: ChangeTx,
    row: OrderRow,
    by: JudgedBy,
    changes: Readonly<Record<string, GivenValue | null>>,
    who: Who,
    validation: 'person' | 'rule',
  ): Promise<OrderResults> {
    const status = this.allow(row, 'result.enter', RESULT_ACTION_WORDS.enter);
    const stored = await this.results.results(tx, [row.order_id]);
    const given: Record<string, GivenValue> = givenOf(stored);
    for (const [code, change] of Object.entries(changes)) {
      if (change === null) delete given[code];
      else given[code] = change;
    }
    const judged = this.judge(row, by, given, await this.previousOf(tx, row));
    const refused = judged.results.filter((l) => l.error !== null);
    if (refused.length > 0) {
      const name = (code: string) => by.parameters.find((p) => p.code === code)?.name ?? code;
      throw new BadRequestException(refused.map((l) => M.refused(name(l.code), l.error!)).join('; '));
    }
    if (validation === 'person' && !judged.complete) throw new ConflictException(M.incomplete);
    const validated = validation === 'person' || judged.holds.length === 0;
    const now = new Date();
    const state: OrderResultsState = {
      ...stateOf(row),
      status: validated ? 'VALIDATED' : status,
      complete: judged.complete,
      critical: judged.critical,
      holds: judged.holds,
      autoValidated: validated && validation === 'rule',
      validatedBy: validated && validation === 'person' ? who.userId : null,
      validatedByName: validated ? (validation === 'person' ? who.name : 'Auto-validation') : null,
      validatedAt: validated ? now : null,
    };
    const lines: StoredLine[] = judged.results.flatMap((l) =>
      l.value === null ? [] : [{ code: l.code, value: l.value, source: l.source!, flag: l.flag }],
    );
    const cleared = stored.map((s) => s.parameter_code).filter((c) => !lines.some((l) => l.code === c));
    let alert: string | null = null;
    if (judged.critical && !row.critical_alert_id) {
      alert = randomUUID();
      state.criticalAlertId = alert;
    }
    if (row.status === null) await this.results.insertState(tx, row, versionOf(row)!, state);
    else await this.results.updateState(tx, row.order_id, state);
    await this.results.writeLines(tx, row, lines, cleared, who);
    // an outsourced order's manifest counts it, and completes with its last results, in this unit of work (0313)
    await this.manifests.resultsSaved(tx, row.order_id, judged.complete);
    await tx.audit({
      action: validated ? RESULT_AUDIT_ACTIONS.validate : RESULT_AUDIT_ACTIONS.enter,
      target: { type: 'lab_order', id: row.order_id },
      details: {
        barcode: row.barcode,
        testCode: row.test_code,
        codes: Object.keys(changes),
        by: who.userId === null ? 'analyzer' : 'person',
        ...(validated ? { validatedBy: validation } : { holds: judged.holds }),
      },
      client: who.client,
    });
    if (alert) await this.publishCritical(tx, row, by, judged, alert, who, now);
    return orderResultsOf(
      { ...row, ...rowState(state), test_version_id: versionOf(row), version: (row.version ?? 1) + 1 },
      by,
      judged,
      await this.performedAtOf(tx, row.order_id),
    );
  }

  /**
   * The person as the lab names them: first and last name as the directory has it (lims.users, docs/decisions/0374),
   * else their login name (a user the LIMS has not learnt yet).
   */
  private async named(tx: ReadTx, who: Who): Promise<Who> {
    const fullName = who.userId === null ? null : await this.results.personName(tx, who.userId);
    return fullName ? { ...who, name: fullName } : who;
  }

  /** The outsourcing lab the order went to on a manifest, if it did (the worksheet names it). */
  private async performedAtOf(tx: ChangeTx, orderId: string): Promise<PerformedAt | null> {
    return (await this.outsourced.performedAt(tx, [orderId])).get(orderId) ?? null;
  }

  private async publishCritical(
    tx: ChangeTx,
    row: OrderRow,
    by: JudgedBy,
    judged: JudgedTest,
    alertId: string,
    who: Who,
    at: Date,
  ): Promise<void> {
    const parameter = (code: string) => by.parameters.find((p) => p.code === code);
    await tx.publish(LabCriticalResultV1, row.order_id, {
      alertId,
      labOrderId: row.order_id,
      sampleId: row.sample_id,
      barcode: row.barcode,
      registrationId: row.registration_id,
      registrationNumber: row.registration_number,
      centreId: row.centre_id,
      groupId: row.group_id,
      patient: { id: row.patient_id, mrNumber: row.mr_number, patientName: row.patient_name },
      test: { code: row.test_code, name: row.test_name },
      results: judged.results.flatMap((l) =>
        (l.flag === 'CRITICAL_LOW' || l.flag === 'CRITICAL_HIGH') && typeof l.value === 'string'
          ? [
              {
                parameterCode: l.code,
                parameterName: parameter(l.code)?.name ?? l.code,
                value: l.value,
                unit: parameter(l.code)?.unit ?? null,
                flag: l.flag,
              },
            ]
          : [],
      ),
      flaggedBy: who.userId === null ? null : { userId: who.userId, name: who.name },
      flaggedAt: at.toISOString(),
    });
  }

  /** The status `event` leads to, or a 409 naming the status and the action. */
  private allow(row: OrderRow, event: ResultEvent, words: string): ResultStatus {
    const from = row.status ?? 'PENDING';
    const move = nextResult(from, event);
    if (!move.ok) throw new ConflictException(M.notAllowed(RESULT_STATUS_LABELS[from].toLowerCase(), words));
    return move.status;
  }

  /** The catalogue version the order is judged by (pinned at its first entry), or a 409 when the test has none. */
  private async judgedBy(tx: ChangeTx, row: OrderRow): Promise<JudgedBy> {
    const id = versionOf(row);
    const [version] = id ? await this.results.versions(tx, [id]) : [];
    if (!version) throw new ConflictException(M.noDefinition(row.test_code));
    return judgedByOf(version);
  }

  private async previousOf(tx: ChangeTx, row: OrderRow): Promise<ReadonlyMap<string, string> | undefined> {
    return (await this.results.previous(tx, [row.order_id])).get(row.order_id);
  }

  private judge(
    row: OrderRow,
    by: JudgedBy,
    given: Readonly<Record<string, GivenValue>>,
    previous: ReadonlyMap<string, string> | undefined,
  ): JudgedTest {
    return judgeTest(by.parameters, given, {
      subject: subjectOf(row),
      previous: previous ? Object.fromEntries(previous) : undefined,
      autoValidate: by.test.autoValidate,
    });
  }
}

/** The version an order is judged by: pinned once entered, else the catalogue's current one. */
const versionOf = (row: OrderRow): string | null => row.test_version_id ?? row.current_version_id;

function judgedByOf(v: VersionRow): JudgedBy {
  const parameters = testParametersSchema.parse(v.parameters);
  return {
    test: { versionId: v.id, code: v.code, name: v.name, autoValidate: v.auto_validate, parameters },
    parameters,
  };
}

/**
 * The patient as the ranges see them: sex, and age on the centre's day the sample was collected (accepted,
 * registered; docs/decisions/0374).
 */
function subjectOf(row: OrderRow): RangeSubject {
  return patientSubjectOfRow(row);
}

function givenOf(stored: readonly ResultRow[]): Record<string, GivenValue> {
  const out: Record<string, GivenValue> = {};
  for (const s of stored) if (s.source !== 'CALCULATED') out[s.parameter_code] = { value: s.value, source: s.source };
  return out;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

function linesOf(judged: JudgedTest): ResultLine[] {
  return judged.results.map((l) => ({
    code: l.code,
    value: l.value === null ? null : typeof l.value === 'string' ? l.value : [...l.value],
    source: l.source,
    flag: l.flag,
    range: l.range,
    previous: l.previous,
    delta: l.delta ? { difference: l.delta.difference, exceeded: l.delta.exceeded } : null,
  }));
}

function stateOf(row: OrderRow): OrderResultsState {
  return {
    status: row.status ?? 'PENDING',
    amendment: row.amendment ?? 0,
    complete: row.complete ?? false,
    critical: row.critical ?? false,
    holds: row.holds ?? [],
    autoValidated: row.auto_validated ?? false,
    validatedBy: row.validated_by,
    validatedByName: row.validated_by_name,
    validatedAt: row.validated_at,
    signedBy: row.signed_by,
    signedByName: row.signed_by_name,
    signedAt: row.signed_at,
    criticalAlertId: row.critical_alert_id,
  };
}

function rowState(s: OrderResultsState): Partial<OrderRow> {
  return {
    status: s.status,
    amendment: s.amendment,
    complete: s.complete,
    critical: s.critical,
    holds: [...s.holds],
    auto_validated: s.autoValidated,
    validated_by: s.validatedBy,
    validated_by_name: s.validatedByName,
    validated_at: s.validatedAt,
    signed_by: s.signedBy,
    signed_by_name: s.signedByName,
    signed_at: s.signedAt,
    critical_alert_id: s.criticalAlertId,
  };
}

const stepOf = (userId: string | null, name: string | null, at: Date | null) =>
  at ? { userId, name: name ?? '', at: at.toISOString() } : null;

function orderResultsOf(
  row: OrderRow,
  by: JudgedBy | null,
  judged: JudgedTest | null,
  performedAt: PerformedAt | null,
): OrderResults {
  return {
    orderId: row.order_id,
    sampleId: row.sample_id,
    barcode: row.barcode,
    registrationNumber: row.registration_number,
    centreId: row.centre_id,
    patient: {
      id: row.patient_id,
      mrNumber: row.mr_number,
      patientName: row.patient_name,
      gender: row.gender,
      dateOfBirth: row.date_of_birth,
      age: subjectOf(row).age,
    },
    collectedAt: row.collected_at?.toISOString() ?? null,
    testCode: row.test_code,
    testName: row.test_name,
    testVersionId: by?.test.versionId ?? null,
    status: row.status ?? 'PENDING',
    amendment: row.amendment ?? 0,
    lines: judged ? linesOf(judged) : [],
    complete: judged?.complete ?? false,
    critical: judged?.critical ?? false,
    holds: [...(judged?.holds ?? [])],
    autoValidated: row.auto_validated ?? false,
    validated: stepOf(row.validated_by, row.validated_by_name, row.validated_at),
    signed: stepOf(row.signed_by, row.signed_by_name, row.signed_at),
    performedAt,
    version: row.version ?? 1,
  };
}
