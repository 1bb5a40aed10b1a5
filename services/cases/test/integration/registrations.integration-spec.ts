import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  CASES_API,
  RegistrationCreatedV1,
  RegistrationItemsCancelledV1,
  VIEWER_DICOMWEB_PATH,
  type Case,
  type RegistrationCreatedPayload,
  type RegistrationItemsCancelledPayload,
} from '@rayworks/contracts';
import {
  buildStudyFolder,
  eventually,
  everyRoleTenant,
  stowFiles,
  tenantQuery,
  type EveryRoleTenant,
} from '@rayworks/testing';
import { api, base, signIn, study, StudyEvents } from './worklist-support.js';

/**
 * The front desk's registrations in the worklist against the running system (billing's events through the real Kafka,
 * the cases consumer, PostgreSQL, imaging's STOW-RS and its StudyImported), in a company of its own
 * (docs/decisions/0261, 0262): one PENDING FOR SCAN case per radiology item, once however often the registration is
 * delivered; the study imported with the item's accession number makes its case NEW; a cancelled item removes its
 * case while PENDING FOR SCAN and is recorded on a case that moved on.
 */
jest.setTimeout(120_000);
const events = new StudyEvents();
let t: EveryRoleTenant;
let dir: string;
const s: Record<string, Credentials> = {};

/** Sends a billing event as billing's outbox relays it (key = registration id unless told). */
async function send(
  definition: typeof RegistrationCreatedV1 | typeof RegistrationItemsCancelledV1,
  payload: RegistrationCreatedPayload | RegistrationItemsCancelledPayload,
  options: { eventId?: string; key?: string } = {},
): Promise<string> {
  const id = options.eventId ?? randomUUID();
  await events.send(definition.topic, options.key ?? payload.registrationId, {
    id,
    type: definition.type,
    version: definition.version,
    occurredAt: new Date().toISOString(),
    tenantId: t.tenantId,
    actor: { type: 'user', id: t.users[t.login('reception')]! },
    correlationId: `it-${id}`,
    causationId: null,
    payload: definition.schema.parse(payload),
  });
  return id;
}

let serial = 0;
/** A registration at c1 of a patient of its own: a CT and an X-ray to scan, a lab test (not the worklist's). */
function registration(): RegistrationCreatedPayload {
  serial += 1;
  const stamp = `${Date.now()}${String(serial).padStart(3, '0')}`;
  const radiology = (code: string, name: string, modality: string, bodyPart: string) => ({
    itemId: randomUUID(),
    kind: 'RADIOLOGY' as const,
    code,
    name,
    modality,
    accessionNumber: `ACC${stamp}${code}`,
    bodyPart,
    sampleType: null,
    packageCode: null,
  });
  return {
    registrationId: randomUUID(),
    registrationNumber: `REG-${stamp}`,
    centreId: t.centres.c1!,
    groupId: t.groups.g!,
    patient: {
      id: randomUUID(),
      mrNumber: `MR${stamp}`,
      patientName: 'Asha Rao',
      gender: 'Female',
      dateOfBirth: '1984-02-29',
      ageYears: null,
      phoneNumber: '9876543210',
    },
    referral: null,
    providerKind: 'Internal',
    registeredAt: new Date().toISOString(),
    items: [
      radiology('CT', 'CT Chest', 'CT', 'CHEST'),
      radiology('XR', 'X-Ray Knee', 'CR', 'KNEE'),
      {
        itemId: randomUUID(),
        kind: 'LAB',
        code: 'CBC',
        name: 'Complete Blood Count',
        modality: null,
        accessionNumber: null,
        bodyPart: null,
        sampleType: 'Whole Blood',
        packageCode: null,
      },
    ],
  };
}

/** The worklist's PENDING FOR SCAN cases of a patient, as a user sees them. */
const pendingOf = (who: string, mrNumber: string) =>
  api.call(CASES_API.findCases, { status: 'PENDING FOR SCAN', search: mrNumber }, { session: s[who]! });
const casesOfPatient = (mrNumber: string) =>
  tenantQuery<{ id: string; status: string; registration_item_id: string | null }>(
    t.tenantId,
    'SELECT id, status, registration_item_id FROM cases.cases WHERE patient_id = $1 ORDER BY accession_number',
    [mrNumber],
  );
const byAccession = (cases: readonly Case[], accession: string | null) =>
  cases.find((c) => c.accessionNumber === accession)!;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'rayworks-registrations-it-'));
  t = await everyRoleTenant('regcases');
  await events.start();
  for (const who of ['admin', 'gca', 'reception', 'centre.admin'] as const) s[who] = await signIn(t, who);
}, 120_000);

afterAll(async () => {
  await events.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('RegistrationCreated → PENDING FOR SCAN cases', () => {
  let r: RegistrationCreatedPayload;
  let eventId: string;
  let opened: Case[];

  beforeAll(async () => {
    r = registration();
    eventId = await send(RegistrationCreatedV1, r);
    opened = await eventually(
      () => pendingOf('reception', r.patient.mrNumber),
      (cases) => cases.length === 2,
      { what: "the registration's cases", timeoutMs: 60_000 },
    );
  });

  it('opens one case per radiology item with the patient, the MR number, the accession, modality, body part and centre', () => {
    const [ct, xr] = [r.items[0]!, r.items[1]!];
    expect(byAccession(opened, ct.accessionNumber)).toMatchObject({
      status: 'PENDING FOR SCAN',
      worklistStatus: 'NOT_READY',
      workflowType: 'Center',
      patientName: 'Asha Rao',
      patientId: r.patient.mrNumber,
      patientSex: 'F',
      patientBirthDate: '19840229',
      accessionNumber: ct.accessionNumber,
      modality: 'CT',
      bodyPart: 'CHEST',
      studyDescription: 'CT Chest',
      centreId: t.centres.c1,
      groupId: t.groups.g,
      centreName: t.centreName('c1'),
      studyInstanceUid: null,
    });
    expect(byAccession(opened, xr.accessionNumber)).toMatchObject({ modality: 'CR', bodyPart: 'KNEE' });
    // the lab test is the LIMS's: no case of it
    expect(opened.map((c) => c.accessionNumber).sort()).toEqual([ct.accessionNumber, xr.accessionNumber].sort());
  });

  it("is in the worklist's PENDING FOR SCAN tab of the centre's users only", async () => {
    const page = await api.call(
      CASES_API.getCases,
      { status: 'PENDING FOR SCAN', search: r.patient.mrNumber },
      { session: s.gca! },
    );
    expect(page.items.map((c) => c._id).sort()).toEqual(opened.map((c) => c._id).sort());
    // the registration's centre is c1: the admin of c3 does not see it
    expect(await pendingOf('centre.admin', r.patient.mrNumber)).toEqual([]);
    const audit = await api.call(CASES_API.findCaseAudit, { _id: opened[0]!._id }, { session: s.admin! });
    expect(audit.entries.map((e) => [e.action, e.actorId, e.details.registrationId])).toEqual([
      ['CASE_REGISTER', t.users[t.login('reception')], r.registrationId],
    ]);
  });

  it('opens no second case when the event is delivered twice or the registration is published again', async () => {
    await send(RegistrationCreatedV1, r, { eventId }); // the same event again
    await send(RegistrationCreatedV1, r); // the same registration in another event
    // a later registration sent on the same partition (same key): once its case is there, the two before were handled
    const marker = registration();
    await send(RegistrationCreatedV1, marker, { key: r.registrationId });
    await eventually(
      () => pendingOf('admin', marker.patient.mrNumber),
      (cases) => cases.length === 2,
      { what: 'the later registration', timeoutMs: 60_000 },
    );
    const rows = await casesOfPatient(r.patient.mrNumber);
    expect(rows.map((row) => row.id).sort()).toEqual(opened.map((c) => c._id).sort());
    const created = await tenantQuery<{ n: number }>(
      t.tenantId,
      `SELECT count(*)::int AS n FROM cases.outbox WHERE envelope->>'type' = 'CaseCreated' AND message_key = ANY($1)`,
      [opened.map((c) => c._id)],
    );
    expect(created[0]!.n).toBe(2);
  });
});

describe("the study of a registration's item arrives", () => {
  it('makes its case NEW through the study-arrived path (a real DICOM with the accession, stored by STOW-RS)', async () => {
    const r = registration();
    await send(RegistrationCreatedV1, r);
    const [ct, xr] = [r.items[0]!, r.items[1]!];
    const pending = await eventually(
      () => pendingOf('gca', r.patient.mrNumber),
      (cases) => cases.length === 2,
      { what: "the registration's cases", timeoutMs: 60_000 },
    );
    const ctCase = byAccession(pending, ct.accessionNumber);
    // the modality scans the patient: the DICOM carries the MR number and the item's accession number
    const study = await buildStudyFolder(path.join(dir, 'ct'), {
      series: ['ct'],
      patientId: r.patient.mrNumber,
      patientName: 'RAO^ASHA',
      accessionNumber: ct.accessionNumber!,
    });
    const stored = await stowFiles(`${base}${VIEWER_DICOMWEB_PATH}`, s.gca!.token, study.files);
    expect(stored.status).toBe(200);
    const arrived = await eventually(
      () => api.call(CASES_API.findOneCase, { _id: ctCase._id }, { session: s.gca! }),
      (c) => c.status === 'NEW',
      { what: 'the CT case NEW', timeoutMs: 90_000 },
    );
    expect(arrived).toMatchObject({
      studyInstanceUid: study.studyInstanceUid,
      accessionNumber: ct.accessionNumber,
      patientId: r.patient.mrNumber,
      // the desk's patient stays (the centre typed it); the study fills what the registration lacked
      patientName: 'Asha Rao',
      centreId: t.centres.c1,
      imagingState: 'IMPORTED',
    });
    expect(arrived.instanceCount).toBeGreaterThan(0);
    // one case of the study: the registration's, not a second one
    const ofStudy = await tenantQuery(t.tenantId, 'SELECT id FROM cases.cases WHERE study_instance_uid = $1', [
      study.studyInstanceUid,
    ]);
    expect(ofStudy).toEqual([{ id: ctCase._id }]);
    // the X-ray is still waiting for its scan
    const xrCase = await api.call(
      CASES_API.findOneCase,
      { _id: byAccession(pending, xr.accessionNumber)._id },
      { session: s.gca! },
    );
    expect(xrCase.status).toBe('PENDING FOR SCAN');
  });
});

describe('RegistrationItemsCancelled', () => {
  it('removes a case still PENDING FOR SCAN, keeps one past it with the cancellation on its trail, ignores lab items', async () => {
    const r = registration();
    await send(RegistrationCreatedV1, r);
    const [ct, xr, lab] = [r.items[0]!, r.items[1]!, r.items[2]!];
    const pending = await eventually(
      () => pendingOf('admin', r.patient.mrNumber),
      (cases) => cases.length === 2,
      { what: "the registration's cases", timeoutMs: 60_000 },
    );
    const ctCase = byAccession(pending, ct.accessionNumber);
    const xrCase = byAccession(pending, xr.accessionNumber);
    // the CT is scanned (its study arrives as imaging publishes it): past PENDING FOR SCAN
    await events.imported(
      t.tenantId,
      study({
        groupId: t.groups.g!,
        centreId: t.centres.c1!,
        patientName: 'RAO^ASHA',
        patientId: r.patient.mrNumber,
        accessionNumber: ct.accessionNumber,
      }),
    );
    await eventually(
      () => api.call(CASES_API.findOneCase, { _id: ctCase._id }, { session: s.admin! }),
      (c) => c.status === 'NEW',
      { what: 'the CT case NEW' },
    );

    const cancellation: RegistrationItemsCancelledPayload = {
      registrationId: r.registrationId,
      centreId: r.centreId,
      items: [ct, xr, lab].map((i) => ({ itemId: i.itemId, kind: i.kind, accessionNumber: i.accessionNumber })),
      reason: 'Patient left before the scan',
    };
    const cancelId = await send(RegistrationItemsCancelledV1, cancellation);
    await eventually(
      () => casesOfPatient(r.patient.mrNumber),
      (rows) => rows.length === 1,
      { what: 'the X-ray case removed' },
    );
    expect((await api.reply(CASES_API.findOneCase, { _id: xrCase._id }, { session: s.admin! })).status).toBe(404);
    expect(await pendingOf('admin', r.patient.mrNumber)).toEqual([]);
    const outbox = await tenantQuery<{ type: string; action: string; status: string; reason: string }>(
      t.tenantId,
      `SELECT envelope->>'type' AS type, envelope->'payload'->>'action' AS action,
              envelope->'payload'->>'status' AS status, envelope->'payload'->>'reason' AS reason
         FROM cases.outbox WHERE message_key = $1 ORDER BY id`,
      [xrCase._id],
    );
    expect(outbox).toEqual([
      { type: 'CaseCreated', action: 'REGISTRATION', status: 'PENDING FOR SCAN', reason: null },
      {
        type: 'CaseCancelled',
        action: 'REGISTRATION_CANCELLED',
        status: 'PENDING FOR SCAN',
        reason: 'Patient left before the scan',
      },
    ]);
    const removed = await tenantQuery<{ action: string; details: { itemId: string } }>(
      t.tenantId,
      `SELECT action, details FROM cases.audit_log WHERE target_type = 'case' AND target_id = $1 ORDER BY id`,
      [xrCase._id],
    );
    expect(removed.map((e) => [e.action, e.details.itemId])).toEqual([
      ['CASE_REGISTER', xr.itemId],
      ['REGISTRATION_CANCELLED', xr.itemId],
    ]);

    // the CT case stays NEW, and the cancellation waits on its trail for a human
    const kept = await api.call(CASES_API.findOneCase, { _id: ctCase._id }, { session: s.admin! });
    expect(kept.status).toBe('NEW');
    const trail = await api.call(CASES_API.findCaseAudit, { _id: ctCase._id }, { session: s.admin! });
    expect(trail.entries.find((e) => e.action === 'REGISTRATION_CANCEL_REFUSED')).toMatchObject({
      actorId: t.users[t.login('reception')],
      details: {
        registrationId: r.registrationId,
        itemId: ct.itemId,
        status: 'NEW',
        reason: 'Patient left before the scan',
        kept: 'the study arrived: the case is past PENDING FOR SCAN',
      },
    });

    // the same cancellation delivered again records nothing more
    await send(RegistrationItemsCancelledV1, cancellation, { eventId: cancelId });
    const marker = registration();
    await send(RegistrationCreatedV1, marker, { key: r.registrationId });
    await eventually(
      () => pendingOf('admin', marker.patient.mrNumber),
      (cases) => cases.length === 2,
      { what: 'the later registration', timeoutMs: 60_000 },
    );
    const again = await api.call(CASES_API.findCaseAudit, { _id: ctCase._id }, { session: s.admin! });
    expect(again.entries.filter((e) => e.action === 'REGISTRATION_CANCEL_REFUSED')).toHaveLength(1);
  });

  it('keeps a PENDING FOR SCAN case somebody wrote on, and says why', async () => {
    const r = registration();
    await send(RegistrationCreatedV1, r);
    const pending = await eventually(
      () => pendingOf('admin', r.patient.mrNumber),
      (cases) => cases.length === 2,
      { what: "the registration's cases", timeoutMs: 60_000 },
    );
    const xr = r.items[1]!;
    const xrCase = byAccession(pending, xr.accessionNumber);
    await api.call(CASES_API.addComment, { caseId: xrCase._id, text: 'Knee pain since a fall' }, { session: s.admin! });
    await send(RegistrationItemsCancelledV1, {
      registrationId: r.registrationId,
      centreId: r.centreId,
      items: [{ itemId: xr.itemId, kind: 'RADIOLOGY', accessionNumber: xr.accessionNumber }],
      reason: 'Ordered twice',
    });
    const trail = await eventually(
      () => api.call(CASES_API.findCaseAudit, { _id: xrCase._id }, { session: s.admin! }),
      (a) => a.entries.some((e) => e.action === 'REGISTRATION_CANCEL_REFUSED'),
      { what: 'the cancellation recorded' },
    );
    expect(trail.entries.find((e) => e.action === 'REGISTRATION_CANCEL_REFUSED')!.details).toMatchObject({
      status: 'PENDING FOR SCAN',
      kept: 'somebody wrote on the case (chat, history, rating or share)',
    });
    expect((await api.call(CASES_API.findOneCase, { _id: xrCase._id }, { session: s.admin! })).status).toBe(
      'PENDING FOR SCAN',
    );
  });
});
