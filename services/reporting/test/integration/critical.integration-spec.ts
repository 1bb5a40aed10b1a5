import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Hl7Message } from '@medplum/core';
import type { Credentials } from '@rayworks/api-client';
import { CASES_API, CRITICAL_MESSAGES as M, REPORTING_API, type CriticalAlert } from '@rayworks/contracts';
import { casesKnowUsers, eventually, everyRoleTenant, tenantQuery, type EveryRoleTenant } from '@rayworks/testing';
import { api, arrive, caseOf, signIn, TestEvents } from '../support/cases.js';
import { listen, mailsTo, waitForMail } from '../support/critical.js';

const JSONSchemaValidator = createRequire(import.meta.url)('@asymmetrik/fhir-json-schema-validator') as new () => {
  validate(resource: unknown, verbose?: boolean): unknown[];
};

/** The critical result events written for a case (reporting's outbox, key = the case id). */
async function reportEvents(tenantId: string, caseId: string): Promise<{ type: string; alertId: string | null }[]> {
  return tenantQuery(
    tenantId,
    `SELECT envelope->>'type' AS type, envelope->'payload'->>'alertId' AS "alertId" FROM reporting.outbox
      WHERE message_key = $1 AND envelope->>'type' LIKE 'CriticalResult%' ORDER BY id`,
    [caseId],
  );
}

/**
 * The case's report made FINAL by SQL (finalize through the reports API needs a signature image in the signer's
 * profile, which test users have not), with a final addendum when asked.
 */
async function reportRow(
  t: EveryRoleTenant,
  caseId: string,
  final: { html: string; addendum?: string } | null,
): Promise<string> {
  const rows = await tenantQuery<{ id: string }>(
    t.tenantId,
    `INSERT INTO reporting.reports (tenant_id, case_id, status, version, report_html, test_name, doctor_info, patient, study,
        centre_id, finalized_at, finalized_by)
     VALUES ($1, $2, $3, $4, $5, 'CT Chest', $6, $7, $8, $9, $10, $11)
     ON CONFLICT (case_id) DO UPDATE SET status = EXCLUDED.status, report_html = EXCLUDED.report_html,
       doctor_info = EXCLUDED.doctor_info, finalized_at = EXCLUDED.finalized_at
     RETURNING id`,
    [
      t.tenantId,
      caseId,
      final ? 'FINAL' : 'DRAFT',
      final ? 3 : 1,
      final?.html ?? '<p>draft</p>',
      final ? JSON.stringify({ doctorName: 'Dr Critical Reader', qualificationName: 'MD', signature: null }) : null,
      JSON.stringify({
        patientName: 'DOE^JOHN',
        mrID: `MR-${caseId.slice(0, 8)}`,
        gender: 'M',
        dateOfBirth: '19700101',
        registrationID: 'ACC-9',
      }),
      JSON.stringify({ modality: 'CT', studyDescription: 'CT CHEST', studyDate: '20260101', bodyPart: 'CHEST' }),
      t.centres.c1,
      final ? new Date().toISOString() : null,
      final ? t.users[t.login('radiologist')] : null,
    ],
  );
  const id = rows[0]!.id;
  if (final?.addendum)
    await tenantQuery(
      t.tenantId,
      `INSERT INTO reporting.report_addenda (tenant_id, report_id, status, html, addendum_doctor_info, created_by, finalized_at)
       VALUES ($1, $2, 'FINAL', $3, $4, $5, now())`,
      [
        t.tenantId,
        id,
        final.addendum,
        JSON.stringify({ doctorName: 'Dr Critical Reader' }),
        t.users[t.login('radiologist')],
      ],
    );
  return id;
}

/**
 * Critical results and interoperability against the running system (gateway, reporting API and worker, cases API,
 * PostgreSQL, Kafka, Redis, the SMTP catcher), in a company of its own and a second company
 * (docs/decisions/0187..0189): a flag reaches the centre at once (socket and e-mail) and is acknowledged; an alert
 * nobody acknowledges escalates to the centre admin (job, e-mail, socket, event); another company's user gets
 * nothing; a FINAL report is a valid FHIR R4 DiagnosticReport and an HL7 v2.5 ORU^R01 that another parser reads.
 */
describe('critical results', () => {
  let t: EveryRoleTenant;
  let other: EveryRoleTenant;
  // the official R4 schema compiles once, before the calls (a long pause between two calls only tests keep-alive)
  const fhirValidator = new JSONSchemaValidator();
  const events = new TestEvents();
  let admin: Credentials;
  let gca: Credentials;
  let groupAdmin: Credentials;
  let radiologist: Credentials;
  let reception: Credentials;
  let typist: Credentials;
  let outsider: Credentials;
  let R: string;

  const assignedCase = async (centre: 'c1' | 'c2') => {
    const id = await arrive(events, t, centre);
    const c = await caseOf(admin, id);
    const answer = await api.reply(
      CASES_API.assignCases,
      { cases: [{ _id: c._id, version: c.version }], radiologistId: R },
      { session: admin },
    );
    expect(answer.status).toBe(200);
    return id;
  };
  const flag = (session: Credentials, caseId: string, finding = 'Tension pneumothorax, left') =>
    api.reply(REPORTING_API.flagCritical, { caseId, finding }, { session });

  beforeAll(async () => {
    [t, other] = await Promise.all([everyRoleTenant('crit'), everyRoleTenant('critx')]);
    expect(fhirValidator.validate({ resourceType: 'DiagnosticReport' }).length).toBeGreaterThan(0);
    await events.start();
    R = t.users[t.login('radiologist')]!;
    await casesKnowUsers(t.tenantId, [R]);
    // reporting's read model of the company's users (from auth.user.v1)
    await eventually(
      () =>
        tenantQuery<{ n: number }>(
          t.tenantId,
          `SELECT count(*)::int AS n FROM reporting.directory_users WHERE tenant_id = $1`,
          [t.tenantId],
        ),
      (rows) => rows[0]!.n >= Object.keys(t.users).length,
      { what: "the company's users in reporting.directory_users" },
    );
    [admin, gca, groupAdmin, radiologist, reception, typist, outsider] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'gca'),
      signIn(t, 'group.admin'),
      signIn(t, 'radiologist'),
      signIn(t, 'reception'),
      signIn(t, 'typist'),
      signIn(other, 'admin'),
    ]);
  }, 180_000);

  afterAll(async () => {
    await events.stop();
  });

  it('a flag reaches the centre at once (socket without patient data, e-mail) and is acknowledged by the centre side', async () => {
    const caseId = await assignedCase('c2');
    // no report opened yet: the alert needs the case's report
    const noReport = await flag(radiologist, caseId);
    expect([noReport.status, noReport.body.message]).toEqual([409, M.reportRequired]);
    // the editor opens the report (the reports module makes the DRAFT)
    await api.call(REPORTING_API.getReportData, { caseId }, { session: radiologist });

    const watcher = await listen(groupAdmin);
    const stranger = await listen(outsider);
    try {
      // only the reading radiologist flags (the typist holds GENERATE_REPORT but does not read the case)
      expect([403, 404]).toContain((await flag(typist, caseId)).status);
      expect((await flag(admin, caseId)).status).toBe(403);
      const flagged = await flag(radiologist, caseId);
      expect([flagged.status, flagged.body.message]).toEqual([200, M.flagged]);
      const alert = flagged.body.data as CriticalAlert;
      expect(alert).toMatchObject({ caseId, status: 'OPEN', flaggedBy: R, finding: 'Tension pneumothorax, left' });
      expect(alert.escalateAfterMinutes).toBe(30);

      const pushed = await eventually(
        async () => watcher.got.filter((m) => m.alertId === alert.id),
        (m) => m.length > 0,
        { what: 'critical:alert to the company room' },
      );
      expect(pushed[0]).toMatchObject({ caseId, status: 'OPEN', centreId: t.centres.c2 });
      expect(JSON.stringify(pushed[0])).not.toMatch(/DOE|JOHN|pneumothorax/i);

      // centre c2 has no admin or reception of its own: its group's admin is told by e-mail (no patient name)
      const mail = (await waitForMail(t.email('group.admin'), /Critical result/))[0]!;
      expect(mail.text).toContain('Tension pneumothorax, left');
      expect(mail.text).toContain(caseId);
      expect(mail.text).not.toMatch(/DOE/);

      // the centre side sees it open; the radiologist may not acknowledge
      const open = await api.call(REPORTING_API.findCritical, { open: true }, { session: groupAdmin });
      expect(open.alerts.map((a) => a.id)).toContain(alert.id);
      expect(
        (await api.reply(REPORTING_API.acknowledgeCritical, { alertId: alert.id }, { session: radiologist })).status,
      ).toBe(403);

      const acked = await api.reply(REPORTING_API.acknowledgeCritical, { alertId: alert.id }, { session: groupAdmin });
      expect([acked.status, acked.body.message]).toEqual([200, M.acknowledged]);
      expect(acked.body.data).toMatchObject({
        status: 'ACKNOWLEDGED',
        acknowledgedBy: t.users[t.login('group.admin')],
      });
      const again = await api.reply(REPORTING_API.acknowledgeCritical, { alertId: alert.id }, { session: groupAdmin });
      expect([again.status, again.body.message]).toEqual([409, M.alreadyAcknowledged]);
      await eventually(
        async () => watcher.got.filter((m) => m.alertId === alert.id && m.status === 'ACKNOWLEDGED'),
        (m) => m.length > 0,
        { what: 'critical:alert ACKNOWLEDGED' },
      );
      const byCase = await api.call(REPORTING_API.findCritical, { caseId }, { session: radiologist });
      expect(byCase.alerts.map((a) => [a.id, a.status])).toEqual([[alert.id, 'ACKNOWLEDGED']]);

      expect(await reportEvents(t.tenantId, caseId)).toEqual([
        { type: 'CriticalResultFlagged', alertId: alert.id },
        { type: 'CriticalResultAcknowledged', alertId: alert.id },
      ]);
      const audit = await tenantQuery<{ action: string }>(
        t.tenantId,
        `SELECT action FROM reporting.audit_log WHERE target_id = $1 AND action LIKE 'CRITICAL_RESULT_%' ORDER BY id`,
        [caseId],
      );
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining(['CRITICAL_RESULT_FLAG', 'CRITICAL_RESULT_NOTIFY', 'CRITICAL_RESULT_ACKNOWLEDGE']),
      );

      // cases records the report events on the case's audit trail
      const trail = await eventually(
        async () => (await api.call(CASES_API.findCaseAudit, { _id: caseId }, { session: admin })).entries,
        (entries) => entries.some((e) => e.action === 'CRITICAL_RESULT_ACKNOWLEDGED'),
        { what: "the critical result on the case's audit trail" },
      );
      expect(trail.map((e) => e.action)).toEqual(
        expect.arrayContaining(['CRITICAL_RESULT_FLAGGED', 'CRITICAL_RESULT_ACKNOWLEDGED']),
      );

      // another company's user: nothing pushed, nothing listed, 404 on the case and the alert
      expect(stranger.got).toEqual([]);
      expect((await flag(outsider, caseId)).status).toBe(404);
      expect(
        (await api.reply(REPORTING_API.acknowledgeCritical, { alertId: alert.id }, { session: outsider })).status,
      ).toBe(404);
      expect((await api.reply(REPORTING_API.findCritical, { caseId }, { session: outsider })).status).toBe(404);
      expect((await api.call(REPORTING_API.findCritical, {}, { session: outsider })).alerts).toEqual([]);
    } finally {
      watcher.socket.close();
      stranger.socket.close();
    }
  });

  it('an alert nobody acknowledges escalates after the centre time to the centre admin (job, e-mail, socket, event)', async () => {
    // centre c1 escalates after 3 s (its own setting; the default stays 30 minutes)
    expect(
      (await api.call(REPORTING_API.getCriticalSettings, { centreId: t.centres.c1 }, { session: gca })).isDefault,
    ).toBe(true);
    const saved = await api.reply(
      REPORTING_API.saveCriticalSettings,
      { centreId: t.centres.c1, escalateAfterMinutes: 0.05 },
      { session: gca },
    );
    expect([saved.status, saved.body.message]).toEqual([200, M.settingsSaved]);
    expect(
      (
        await api.reply(
          REPORTING_API.saveCriticalSettings,
          { centreId: t.centres.c1, escalateAfterMinutes: 1 },
          { session: reception },
        )
      ).status,
    ).toBe(403);

    const caseId = await assignedCase('c1');
    await api.call(REPORTING_API.getReportData, { caseId }, { session: radiologist });
    const gcaSocket = await listen(gca);
    try {
      const flagged = await flag(radiologist, caseId, 'Free air under the diaphragm');
      expect(flagged.status).toBe(200);
      const alert = flagged.body.data as CriticalAlert;
      expect(alert.escalateAfterMinutes).toBe(0.05);
      // told at once: the centre's admin and its reception
      await waitForMail(t.email('gca'), new RegExp(`^Critical result.*${caseId}`));
      await waitForMail(t.email('reception'), new RegExp(`^Critical result.*${caseId}`));

      const escalated = await eventually(
        () => api.call(REPORTING_API.findCritical, { caseId }, { session: gca }),
        (r) => r.alerts[0]?.status === 'ESCALATED',
        { what: 'the alert escalated', timeoutMs: 30_000 },
      );
      const row = escalated.alerts[0]!;
      expect(new Date(row.escalatedAt!).getTime() - new Date(row.flaggedAt).getTime()).toBeGreaterThanOrEqual(3000);
      // the escalation e-mail goes to the centre admin, not to the reception
      const mail = (await waitForMail(t.email('gca'), new RegExp(`^ESCALATED.*${caseId}`)))[0]!;
      expect(mail.text).toContain('Free air under the diaphragm');
      expect((await mailsTo(t.email('reception'))).filter((m) => m.subject.startsWith('ESCALATED'))).toEqual([]);
      await eventually(
        async () => gcaSocket.got.filter((m) => m.alertId === alert.id && m.status === 'ESCALATED'),
        (m) => m.length > 0,
        { what: 'critical:alert ESCALATED to the centre admin' },
      );
      expect((await reportEvents(t.tenantId, caseId)).map((e) => e.type)).toEqual([
        'CriticalResultFlagged',
        'CriticalResultEscalated',
      ]);
      // still to be acknowledged after escalating
      const acked = await api.reply(REPORTING_API.acknowledgeCritical, { alertId: alert.id }, { session: gca });
      expect(acked.body.data).toMatchObject({ status: 'ACKNOWLEDGED' });
    } finally {
      gcaSocket.socket.close();
    }
  });

  it('a FINAL report is a FHIR R4 DiagnosticReport that the official schema accepts and an ORU^R01 that another parser reads', async () => {
    const caseId = await assignedCase('c1');
    await api.call(REPORTING_API.getReportData, { caseId }, { session: radiologist });
    // not final yet: refused
    expect((await api.reply(REPORTING_API.reportFhir, { caseId }, { session: admin })).status).toBe(409);
    expect((await api.reply(REPORTING_API.reportHl7, { caseId }, { session: admin })).status).toBe(409);
    const reportId = await reportRow(t, caseId, {
      html: '<p>Findings: mass | lobe ^ effusion &amp; more</p><p>Impression: urgent</p>',
      addendum: '<p>Compared with prior: new.</p>',
    });
    const c = await caseOf(admin, caseId);

    const fhir = await api.call(REPORTING_API.reportFhir, { caseId }, { session: reception });
    expect(fhirValidator.validate(fhir, true)).toEqual([]);
    expect(fhir).toMatchObject({ resourceType: 'DiagnosticReport', id: reportId, status: 'amended' });
    const resource = fhir as unknown as { conclusion: string; imagingStudy: { identifier: { value: string } }[] };
    expect(resource.conclusion).toContain('Findings: mass | lobe ^ effusion & more');
    expect(resource.conclusion).toContain('Compared with prior: new.');
    expect(resource.imagingStudy[0]!.identifier.value).toBe(`urn:oid:${c.studyInstanceUid}`);

    const { message } = await api.call(REPORTING_API.reportHl7, { caseId }, { session: reception });
    const parsed = Hl7Message.parse(message);
    expect(parsed.getSegment('MSH')!.getField(9).toString()).toBe('ORU^R01^ORU_R01');
    // the patient block the reports module took from the case at /get/reportdata
    expect(parsed.getSegment('PID')!.getField(3).getComponent(1)).toBe(c.patientId);
    expect(parsed.getSegment('OBR')!.getField(3).getComponent(1)).toBe(reportId);
    expect(parsed.getSegment('OBR')!.getField(25).toString()).toBe('C');
    const obx = parsed.getAllSegments('OBX');
    expect(obx[0]!.getField(5).toString()).toContain('mass \\F\\ lobe \\S\\ effusion \\T\\ more');
    expect(obx[1]!.getField(5).toString()).toContain('Compared with prior: new.');
    expect(obx[2]!.getField(5).toString()).toBe(c.studyInstanceUid);

    const exports = await tenantQuery<{ n: number }>(
      t.tenantId,
      `SELECT count(*)::int AS n FROM reporting.audit_log WHERE target_id = $1 AND action = 'EXPORT'`,
      [caseId],
    );
    expect(exports[0]!.n).toBe(2);
    // another company's user gets 404 and nothing
    expect((await api.reply(REPORTING_API.reportFhir, { caseId }, { session: outsider })).status).toBe(404);
    expect((await api.reply(REPORTING_API.reportHl7, { caseId }, { session: outsider })).status).toBe(404);
  });
});
