import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  AnalyzerResultsMatchedV1,
  CRITICAL_MESSAGES as M,
  LabCriticalResultV1,
  REPORTING_API,
  type CriticalAlert,
  type LabCriticalResultPayload,
} from '@rayworks/contracts';
import { eventually, everyRoleTenant, tenantQuery, type EveryRoleTenant } from '@rayworks/testing';
import { api, signIn, TestEvents } from '../support/cases.js';
import { listen, mailsTo, waitForMail } from '../support/critical.js';

/**
 * A lab order's critical results, as the LIMS publishes them (LabCriticalResult on lims.result.v1), become a
 * critical-result alert of reporting with a lab subject (docs/decisions/0307), against the running system (Kafka,
 * reporting API and worker, PostgreSQL, Redis, the SMTP catcher), in a company of its own and a second company: the
 * centre side is told (socket, e-mail without the patient's name), the alert escalates after the centre's time, a
 * redelivery makes nothing twice, another centre's user and another company see nothing and get 404, a user of the
 * centre acknowledges.
 */
describe('lab critical results', () => {
  let t: EveryRoleTenant;
  let other: EveryRoleTenant;
  const events = new TestEvents();
  let gca: Credentials;
  let reception: Credentials;
  let centreAdmin: Credentials;
  let fusionAdmin: Credentials;
  let pathologist: Credentials;
  let admin: Credentials;
  let outsider: Credentials;

  const labCritical = (over: Partial<LabCriticalResultPayload> = {}): LabCriticalResultPayload => ({
    alertId: randomUUID(),
    labOrderId: randomUUID(),
    sampleId: randomUUID(),
    barcode: `L${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    registrationId: randomUUID(),
    registrationNumber: `REG-${Math.floor(Math.random() * 1e6)}`,
    centreId: t.centres.c1!,
    groupId: t.groups.g!,
    patient: { id: randomUUID(), mrNumber: 'MR-LAB-77', patientName: 'Zelda Quarantotto' },
    test: { code: 'ELEC', name: 'Serum electrolytes' },
    results: [
      { parameterCode: 'K', parameterName: 'Potassium', value: '7.1', unit: 'mmol/L', flag: 'CRITICAL_HIGH' },
      { parameterCode: 'NA', parameterName: 'Sodium', value: '118', unit: 'mmol/L', flag: 'CRITICAL_LOW' },
    ],
    flaggedBy: null,
    flaggedAt: new Date().toISOString(),
    ...over,
  });

  beforeAll(async () => {
    [t, other] = await Promise.all([everyRoleTenant('labcrit'), everyRoleTenant('labcritx')]);
    await events.start();
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
    [gca, reception, centreAdmin, fusionAdmin, pathologist, admin, outsider] = await Promise.all([
      signIn(t, 'gca'),
      signIn(t, 'reception'),
      signIn(t, 'centre.admin'),
      signIn(t, 'fusion.admin'),
      signIn(t, 'pathologist'),
      signIn(t, 'admin'),
      signIn(other, 'admin'),
    ]);
    // centre c1 escalates after 3 s
    await api.call(
      REPORTING_API.saveCriticalSettings,
      { centreId: t.centres.c1!, escalateAfterMinutes: 0.05 },
      { session: gca },
    );
  }, 180_000);

  afterAll(async () => {
    await events.stop();
  });

  it('becomes an alert of the centre: told, escalated, once however often delivered, acknowledged by the centre only', async () => {
    const watcher = await listen(gca);
    const stranger = await listen(outsider);
    try {
      const lab = labCritical();
      // another type on the same topic (the analyzers' matched results) is passed over, not dead-lettered
      await events.publish(AnalyzerResultsMatchedV1, t.tenantId, lab.sampleId, {
        sampleId: lab.sampleId,
        barcode: lab.barcode,
        analyzerId: randomUUID(),
        messageId: randomUUID(),
        resolvedBy: null,
        results: [
          {
            resultId: randomUUID(),
            labOrderId: lab.labOrderId,
            testCode: 'ELEC',
            parameterCode: 'K',
            value: '7.1',
            unit: 'mmol/L',
            flags: 'HH',
            observedAt: null,
          },
        ],
      });
      const eventId = await events.publish(LabCriticalResultV1, t.tenantId, lab.labOrderId, lab);

      // the centre side sees it, with the lab's facts
      const listed = await eventually(
        () => api.call(REPORTING_API.findCritical, { open: true }, { session: gca }),
        (r) => r.alerts.some((a) => a.id === lab.alertId),
        { what: 'the lab alert in the centre side list', timeoutMs: 30_000 },
      );
      const alert = listed.alerts.find((a) => a.id === lab.alertId)! as CriticalAlert;
      expect(alert).toMatchObject({
        subject: 'LAB',
        caseId: null,
        centreId: t.centres.c1,
        flaggedBy: null,
        escalateAfterMinutes: 0.05,
        lab: {
          labOrderId: lab.labOrderId,
          sampleId: lab.sampleId,
          barcode: lab.barcode,
          registrationNumber: lab.registrationNumber,
          mrNumber: 'MR-LAB-77',
          test: { code: 'ELEC', name: 'Serum electrolytes' },
          results: lab.results,
        },
      });
      expect(alert.finding).toContain('Potassium 7.1 mmol/L');
      expect(JSON.stringify(alert)).not.toContain('Quarantotto');

      // pushed to the centre side (no patient data), never to another company
      const pushed = await eventually(
        async () => watcher.got.filter((m) => m.alertId === lab.alertId),
        (m) => m.length > 0,
        { what: 'critical:alert of the lab alert' },
      );
      expect(pushed[0]).toMatchObject({
        subject: 'LAB',
        caseId: null,
        labOrderId: lab.labOrderId,
        centreId: t.centres.c1,
      });
      expect(JSON.stringify(pushed[0])).not.toMatch(/Quarantotto|7\.1/);

      // the e-mails to the centre (its admin and reception), without the patient's name
      const told = (await waitForMail(t.email('reception'), new RegExp(`^Critical result.*${lab.barcode}`)))[0]!;
      expect(told.text).toContain('Potassium: 7.1 mmol/L (critical high)');
      expect(told.text).toContain('Sodium: 118 mmol/L (critical low)');
      expect(told.text).toContain(lab.registrationNumber);
      expect(told.text).toContain('MR-LAB-77');
      expect(told.text).not.toContain('Quarantotto');
      await waitForMail(t.email('gca'), new RegExp(`^Critical result.*${lab.barcode}`));

      // nobody acknowledged in 3 s: escalated to the centre's admin (e-mail, socket)
      await eventually(
        () => api.call(REPORTING_API.findCritical, { labOrderId: lab.labOrderId }, { session: gca }),
        (r) => r.alerts[0]?.status === 'ESCALATED',
        { what: 'the lab alert escalated', timeoutMs: 30_000 },
      );
      const escalation = (await waitForMail(t.email('gca'), new RegExp(`^ESCALATED.*${lab.barcode}`)))[0]!;
      expect(escalation.text).toContain('Potassium: 7.1 mmol/L (critical high)');
      expect(escalation.text).not.toContain('Quarantotto');
      await eventually(
        async () => watcher.got.filter((m) => m.alertId === lab.alertId && m.status === 'ESCALATED'),
        (m) => m.length > 0,
        { what: 'critical:alert ESCALATED' },
      );

      // delivered again (the same event), and published again by the LIMS (a new event, the same alert): nothing twice
      await events.publish(LabCriticalResultV1, t.tenantId, lab.labOrderId, lab, eventId);
      const resent = await events.publish(LabCriticalResultV1, t.tenantId, lab.labOrderId, lab);
      const marker = labCritical({ centreId: t.centres.c3!, groupId: null });
      const markerId = await events.publish(LabCriticalResultV1, t.tenantId, marker.labOrderId, marker);
      // the new event came after the redelivered one in the order's partition: once it is handled, both are
      await eventually(
        () =>
          tenantQuery<{ n: number }>(
            t.tenantId,
            `SELECT count(*)::int AS n FROM reporting.inbox WHERE event_id = ANY($1::uuid[])`,
            [[resent, markerId]],
          ),
        (rows) => rows[0]!.n === 2,
        { what: "reporting's inbox holding the events sent again" },
      );
      const rows = await tenantQuery<{ n: number }>(
        t.tenantId,
        `SELECT count(*)::int AS n FROM reporting.critical_alerts WHERE lab_order_id = $1`,
        [lab.labOrderId],
      );
      expect(rows[0]!.n).toBe(1);
      const letters = await tenantQuery<{ n: number }>(
        t.tenantId,
        `SELECT count(*)::int AS n FROM reporting.dead_letters WHERE tenant_id = $1`,
        [t.tenantId],
      );
      expect(letters[0]!.n).toBe(0);
      expect((await mailsTo(t.email('reception'))).filter((m) => m.subject.includes(lab.barcode))).toHaveLength(1);

      // a user of another centre (c3), another group's admin (f) and another company: nothing listed, 404
      for (const session of [centreAdmin, fusionAdmin, outsider]) {
        const open = await api.call(REPORTING_API.findCritical, { open: true }, { session });
        expect(open.alerts.map((a) => a.id)).not.toContain(lab.alertId);
        const byOrder = await api.call(REPORTING_API.findCritical, { labOrderId: lab.labOrderId }, { session });
        expect(byOrder.alerts).toEqual([]);
        const refused = await api.reply(REPORTING_API.acknowledgeCritical, { alertId: lab.alertId }, { session });
        expect([refused.status, refused.body.message]).toEqual([404, M.alertNotFound]);
      }
      // c3's own alert is c3's
      const c3 = await api.call(
        REPORTING_API.findCritical,
        { labOrderId: marker.labOrderId },
        { session: centreAdmin },
      );
      expect(c3.alerts.map((a) => a.id)).toEqual([marker.alertId]);

      // a user of the centre acknowledges; a second time is 409
      const acked = await api.reply(
        REPORTING_API.acknowledgeCritical,
        { alertId: lab.alertId },
        { session: reception },
      );
      expect([acked.status, acked.body.message]).toEqual([200, M.acknowledged]);
      expect(acked.body.data).toMatchObject({
        status: 'ACKNOWLEDGED',
        subject: 'LAB',
        acknowledgedBy: t.users[t.login('reception')],
      });
      const again = await api.reply(
        REPORTING_API.acknowledgeCritical,
        { alertId: lab.alertId },
        { session: reception },
      );
      expect([again.status, again.body.message]).toEqual([409, M.alreadyAcknowledged]);
      const byOrder = await api.call(REPORTING_API.findCritical, { labOrderId: lab.labOrderId }, { session: gca });
      expect(byOrder.alerts.map((a) => [a.id, a.status])).toEqual([[lab.alertId, 'ACKNOWLEDGED']]);
      await eventually(
        async () => watcher.got.filter((m) => m.alertId === lab.alertId && m.status === 'ACKNOWLEDGED'),
        (m) => m.length > 0,
        { what: 'critical:alert ACKNOWLEDGED' },
      );

      // published and audited as a case's alert is: each step, keyed by the lab order
      const published = await tenantQuery<{ type: string; alertId: string }>(
        t.tenantId,
        `SELECT envelope->>'type' AS type, envelope->'payload'->>'alertId' AS "alertId" FROM reporting.outbox
          WHERE message_key = $1 ORDER BY id`,
        [lab.labOrderId],
      );
      expect(published).toEqual([
        { type: 'LabCriticalAlertRaised', alertId: lab.alertId },
        { type: 'LabCriticalAlertEscalated', alertId: lab.alertId },
        { type: 'LabCriticalAlertAcknowledged', alertId: lab.alertId },
      ]);
      const audit = await tenantQuery<{ action: string }>(
        t.tenantId,
        `SELECT action FROM reporting.audit_log WHERE target_id = $1 AND action LIKE 'CRITICAL_RESULT_%' ORDER BY id`,
        [lab.labOrderId],
      );
      expect(audit.map((a) => a.action)).toEqual([
        'CRITICAL_RESULT_FLAG',
        'CRITICAL_RESULT_NOTIFY',
        'CRITICAL_RESULT_ESCALATE',
        'CRITICAL_RESULT_ACKNOWLEDGE',
      ]);

      // the other company: no push, nothing
      expect(stranger.got).toEqual([]);
      const theirs = await tenantQuery<{ n: number }>(
        other.tenantId,
        `SELECT count(*)::int AS n FROM reporting.critical_alerts`,
      );
      expect(theirs[0]!.n).toBe(0);
    } finally {
      watcher.socket.close();
      stranger.socket.close();
    }
  }, 120_000);

  it('a lab order id and a case id together are refused (400), and a lab order without alerts lists none', async () => {
    const both = await api.reply(
      REPORTING_API.findCritical,
      { labOrderId: randomUUID(), caseId: randomUUID() },
      { session: gca },
    );
    expect(both.status).toBe(400);
    const none = await api.call(REPORTING_API.findCritical, { labOrderId: randomUUID() }, { session: gca });
    expect(none.alerts).toEqual([]);
  });

  it("the lab reads the alerts of its centres' orders, acknowledged or not (/critical/lab/find)", async () => {
    const ofC1 = labCritical();
    const ofC2 = labCritical({ centreId: t.centres.c2!, flaggedBy: { userId: randomUUID(), name: 'Lab Tech One' } });
    await events.publish(LabCriticalResultV1, t.tenantId, ofC1.labOrderId, ofC1);
    await events.publish(LabCriticalResultV1, t.tenantId, ofC2.labOrderId, ofC2);
    const orders = [ofC1.labOrderId, ofC2.labOrderId, randomUUID()];
    // the company's admin reaches both centres
    const both = await eventually(
      () => api.call(REPORTING_API.findLabCritical, { labOrderIds: orders }, { session: admin }),
      (r) => r.alerts.length === 2,
      { what: 'both lab alerts', timeoutMs: 30_000 },
    );
    expect(both.alerts.map((a) => a.id).sort()).toEqual([ofC1.alertId, ofC2.alertId].sort());
    // the pathologist of centre c2 (no worklist privileges) reads c2's only, with who typed the value
    const mine = await api.call(REPORTING_API.findLabCritical, { labOrderIds: orders }, { session: pathologist });
    expect(mine.alerts).toHaveLength(1);
    expect(mine.alerts[0]).toMatchObject({
      id: ofC2.alertId,
      subject: 'LAB',
      status: 'OPEN',
      flaggedByName: 'Lab Tech One',
      lab: { labOrderId: ofC2.labOrderId },
    });
    expect(
      (await api.reply(REPORTING_API.findCritical, { labOrderId: ofC2.labOrderId }, { session: pathologist })).status,
    ).toBe(403);
    // another company: nothing; no order named: 400
    expect(
      (await api.call(REPORTING_API.findLabCritical, { labOrderIds: orders }, { session: outsider })).alerts,
    ).toEqual([]);
    expect((await api.reply(REPORTING_API.findLabCritical, { labOrderIds: [] }, { session: admin })).status).toBe(400);
  }, 60_000);

  it("names the person who typed the value as auth's directory knows them, not by their login name", async () => {
    const login = t.login('pathologist');
    const typed = labCritical({ flaggedBy: { userId: t.users[login]!, name: login } });
    await events.publish(LabCriticalResultV1, t.tenantId, typed.labOrderId, typed);
    const [alert] = (
      await eventually(
        () => api.call(REPORTING_API.findLabCritical, { labOrderIds: [typed.labOrderId] }, { session: admin }),
        (r) => r.alerts.length === 1,
        { what: 'the typed value’s alert', timeoutMs: 30_000 },
      )
    ).alerts;
    const person = await tenantQuery<{ full_name: string }>(
      t.tenantId,
      'SELECT full_name FROM reporting.directory_users WHERE id = $1',
      [t.users[login]!],
    );
    expect(person[0]?.full_name).toContain(t.name);
    expect(alert!.flaggedByName).toBe(person[0]!.full_name);
    expect(alert!.flaggedByName).not.toBe(login);
  }, 60_000);
});
