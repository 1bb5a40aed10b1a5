import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  BILLING_API,
  CASE_MESSAGES,
  CASES_API,
  DEFAULT_ROLE_PRIVILEGES,
  grantsAllow,
  PATIENT_MESSAGES,
  requirement,
  WORKLIST,
  type Case,
  type Patient,
} from '@rayworks/contracts';
import {
  arriveAt,
  eventually,
  EVERY_ROLE_USERS,
  everyRoleTenant,
  tenantQuery,
  type EveryRoleTenant,
} from '@rayworks/testing';
import { api, signIn, StudyEvents } from './worklist-support.js';

/**
 * The worklist's patient assignment against the running system (billing's patients API, billing.patient.v1 through
 * Kafka, the cases read model and API), in a company of its own (docs/decisions/0263): a case is offered the front
 * desk's patients of its own centre only, takes one as its patient, and the read model follows billing's corrections
 * and merges; 'There are no patients available to assign to the case.' when the centre has none.
 */
jest.setTimeout(120_000);
const events = new StudyEvents();
let t: EveryRoleTenant;
const s: Record<string, Credentials> = {};
const stamp = Date.now().toString().slice(-7);
const patients: Record<string, Patient> = {};
let c1Case: Case;
let c3Case: string;

const person = (patientName: string, phoneNumber: string, gender: 'Female' | 'Male' = 'Female') => ({
  patientName,
  gender,
  dateOfBirth: '1984-02-29',
  phoneNumber,
});
const assignable = (who: string, caseId: string, search?: string) =>
  api.call(CASES_API.findAssignablePatients, { _id: caseId, ...(search ? { search } : {}) }, { session: s[who]! });
const readModel = (ids: readonly string[]) =>
  tenantQuery<{ id: string; patient_name: string; merged_into: string | null }>(
    t.tenantId,
    'SELECT id, patient_name, merged_into FROM cases.billing_patients WHERE id = ANY($1) ORDER BY id',
    [ids],
  );

beforeAll(async () => {
  t = await everyRoleTenant('casepat');
  await events.start();
  for (const who of ['admin', 'reception', 'gca', 'centre.admin', 'typist'] as const) s[who] = await signIn(t, who);
  // billing learns the company's centres from auth's events
  await eventually(
    () =>
      api.reply(
        BILLING_API.findDuplicatePatients,
        { centreId: t.centres.c2!, ...person('x', '9000000000') },
        { session: s.admin! },
      ),
    (r) => r.status === 200,
    { what: "billing knows the company's centres", timeoutMs: 60_000 },
  );
  const register = (who: string, centre: 'c1' | 'c2', body: ReturnType<typeof person>) =>
    api.call(BILLING_API.createPatient, { ...body, centreId: t.centres[centre]! }, { session: s[who]! });
  patients.asha = await register('reception', 'c1', person(`Asha ${stamp}`, `91${stamp}1`));
  patients.ashaAgain = await register('reception', 'c1', person(`Asha Rao ${stamp}`, `91${stamp}2`));
  patients.ravi = await register('reception', 'c1', person(`Ravi ${stamp}`, `91${stamp}3`, 'Male'));
  patients.meera = await register('admin', 'c2', person(`Meera ${stamp}`, `91${stamp}4`));
  // a walk-in scanned before the desk registered them: the DICOM's own patient
  const c1Id = await arriveAt(events, t, 'c1', { patientName: 'WALKIN^UNKNOWN', patientId: `WALKIN${stamp}` });
  c3Case = await arriveAt(events, t, 'c3');
  c1Case = await api.call(CASES_API.findOneCase, { _id: c1Id }, { session: s.admin! });
  await eventually(
    () => readModel(Object.values(patients).map((p) => p._id)),
    (rows) => rows.length === 4,
    { what: "billing's patients in the cases read model", timeoutMs: 60_000 },
  );
}, 180_000);

afterAll(async () => {
  await events.stop();
});

describe("the front desk's patients a case may be given", () => {
  it("offers the patients of the case's centre only, searched by the start of the name or of the MR number", async () => {
    const all = await assignable('gca', c1Case._id);
    const names = all.map((p) => p.patientName);
    expect(names).toEqual(expect.arrayContaining([patients.asha!.patientName, patients.ravi!.patientName]));
    // Meera is the patient of c2: never offered for a case of c1
    expect(names).not.toContain(patients.meera!.patientName);
    expect(all.every((p) => p.centreId === t.centres.c1)).toBe(true);
    expect(all.find((p) => p._id === patients.ravi!._id)).toEqual({
      _id: patients.ravi!._id,
      centreId: t.centres.c1,
      mrID: patients.ravi!.mrID,
      patientName: patients.ravi!.patientName,
      gender: 'Male',
      dateOfBirth: '1984-02-29',
      ageYears: null,
    });
    expect((await assignable('gca', c1Case._id, `asha ${stamp}`)).map((p) => p._id)).toEqual([patients.asha!._id]);
    expect((await assignable('gca', c1Case._id, patients.ravi!.mrID.toLowerCase())).map((p) => p._id)).toEqual([
      patients.ravi!._id,
    ]);
  });

  it("answers 'There are no patients available to assign to the case.' when the centre has none", async () => {
    const reply = await api.reply(CASES_API.findAssignablePatients, { _id: c3Case }, { session: s['centre.admin']! });
    expect([reply.status, reply.body.data, reply.body.message]).toEqual([200, [], CASE_MESSAGES.noPatientsToAssign]);
  });

  it('is 404 for a case out of the caller’s reach, and 403 without the worklist’s edit privileges', async () => {
    // the centre admin of c3 does not reach the case of c1
    const out = await api.reply(CASES_API.findAssignablePatients, { _id: c1Case._id }, { session: s['centre.admin']! });
    expect(out.status).toBe(404);
    const typistMay = grantsAllow(
      DEFAULT_ROLE_PRIVILEGES[EVERY_ROLE_USERS.typist.role],
      requirement('WORKLIST', WORKLIST.IMPORT, WORKLIST.ASSIGN),
    );
    expect(typistMay).toBe(false);
    const refused = await api.reply(CASES_API.findAssignablePatients, { _id: c1Case._id }, { session: s.typist! });
    expect(refused.status).toBe(403);
  });
});

describe('assigning a patient to a case', () => {
  it("gives the case the patient's name, MR number as Patient ID, sex and birth date, in one change with its event", async () => {
    const assigned = await api.call(
      CASES_API.assignCasePatient,
      { _id: c1Case._id, version: c1Case.version, patientId: patients.asha!._id },
      { session: s.gca! },
    );
    expect(assigned).toMatchObject({
      _id: c1Case._id,
      version: c1Case.version + 1,
      status: 'NEW',
      patientName: patients.asha!.patientName,
      patientId: patients.asha!.mrID,
      patientSex: 'F',
      patientBirthDate: '19840229',
      studyInstanceUid: c1Case.studyInstanceUid,
    });
    const [row] = await tenantQuery<{ billing_patient_id: string }>(
      t.tenantId,
      'SELECT billing_patient_id FROM cases.cases WHERE id = $1',
      [c1Case._id],
    );
    expect(row!.billing_patient_id).toBe(patients.asha!._id);
    const outbox = await tenantQuery<{ type: string; action: string }>(
      t.tenantId,
      `SELECT envelope->>'type' AS type, envelope->'payload'->>'action' AS action FROM cases.outbox
        WHERE message_key = $1 ORDER BY id`,
      [c1Case._id],
    );
    expect(outbox.at(-1)).toEqual({ type: 'CaseUpdated', action: 'ASSIGN_PATIENT' });
    const trail = await api.call(CASES_API.findCaseAudit, { _id: c1Case._id }, { session: s.admin! });
    expect(trail.entries[0]).toMatchObject({
      action: 'CASE_PATIENT_ASSIGN',
      details: { billingPatientId: patients.asha!._id, previousBillingPatientId: null },
    });
    c1Case = assigned;
  });

  it("refuses another centre's patient (404 'Patients Not Found') and a stale version (409), changing nothing", async () => {
    const foreign = await api.reply(
      CASES_API.assignCasePatient,
      { _id: c1Case._id, version: c1Case.version, patientId: patients.meera!._id },
      { session: s.admin! },
    );
    expect([foreign.status, foreign.body.message]).toEqual([404, PATIENT_MESSAGES.notFound]);
    const stale = await api.reply(
      CASES_API.assignCasePatient,
      { _id: c1Case._id, version: c1Case.version - 1, patientId: patients.ravi!._id },
      { session: s.admin! },
    );
    expect([stale.status, stale.body.message]).toEqual([409, CASE_MESSAGES.conflict]);
    const bad = await api.reply(
      CASES_API.assignCasePatient,
      { _id: c1Case._id, version: c1Case.version, patientId: 'not-a-uuid' },
      { session: s.admin! },
    );
    expect(bad.status).toBe(400);
    const still = await api.call(CASES_API.findOneCase, { _id: c1Case._id }, { session: s.admin! });
    expect([still.version, still.patientId]).toEqual([c1Case.version, patients.asha!.mrID]);
  });
});

describe("billing's corrections and merges", () => {
  it('follows a correction of the name, and leaves a merged record out', async () => {
    const ravi = patients.ravi!;
    await api.call(
      BILLING_API.updatePatient,
      {
        id: ravi._id,
        patientName: `Ravi Kumar ${stamp}`,
        gender: 'Male',
        dateOfBirth: '1984-02-29',
        phoneNumber: ravi.phoneNumber,
      },
      { session: s.reception! },
    );
    await api.call(
      BILLING_API.mergePatients,
      { keepId: patients.asha!._id, mergeId: patients.ashaAgain!._id },
      { session: s.admin! },
    );
    const offered = await eventually(
      () => assignable('gca', c1Case._id),
      (list) =>
        list.some((p) => p.patientName === `Ravi Kumar ${stamp}`) &&
        !list.some((p) => p._id === patients.ashaAgain!._id),
      { what: 'the correction and the merge in the read model', timeoutMs: 60_000 },
    );
    expect(offered.map((p) => p._id)).toContain(patients.asha!._id);
    const refused = await api.reply(
      CASES_API.assignCasePatient,
      { _id: c1Case._id, version: c1Case.version, patientId: patients.ashaAgain!._id },
      { session: s.admin! },
    );
    expect(refused.status).toBe(404);
  });
});
