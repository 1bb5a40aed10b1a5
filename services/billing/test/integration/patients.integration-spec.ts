import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  DEFAULT_ROLE_PRIVILEGES,
  GATEWAY_PORT,
  grantsAllow,
  PATIENT_MESSAGES,
  requirement,
  SPECIFIC,
  type Patient,
} from '@rayworks/contracts';
import { QueryParams } from '@rayworks/nest-kit';
import {
  eventually,
  EVERY_ROLE_REACH,
  EVERY_ROLE_USERS,
  everyRoleTenant,
  TEST_PASSWORD,
  withOwnerClient,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';
import { patientSearchSql } from '../../src/modules/patients/patients.repository.js';

/**
 * The front desk's patients against the running system, through the gateway (docs/decisions/0218, 0247): a patient is
 * registered at a centre the caller reaches and gets the centre's next MR number; it is found, read and corrected only
 * by those who reach that centre; a second record of the same person is refused until the desk confirms it.
 */
const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });
const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

const REACH = EVERY_ROLE_REACH;
const USERS = Object.keys(EVERY_ROLE_USERS) as EveryRoleUser[];
const mayView = (who: EveryRoleUser) =>
  grantsAllow(DEFAULT_ROLE_PRIVILEGES[EVERY_ROLE_USERS[who].role], requirement('PATIENTS', SPECIFIC.PATIENT_VIEW));
const reaches = (who: EveryRoleUser, centre: 'c1' | 'c2' | 'c3') =>
  REACH[who] === 'company' || REACH[who].includes(centre);

describe('patients at the front desk', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  const session = new Map<EveryRoleUser, Credentials>();
  let adminB: Credentials;
  const stamp = Date.now().toString().slice(-6);
  const person = (name: string, phone: string) => ({
    patientName: name,
    gender: 'Female' as const,
    dateOfBirth: '1988-04-02',
    phoneNumber: phone,
  });
  const desk = () => session.get('reception')!;
  const admin = () => session.get('admin')!;

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('pt-a'), everyRoleTenant('pt-b')]);
    for (const who of USERS) session.set(who, await signIn(a, who));
    adminB = await signIn(b, 'admin');
    // billing learns a company's centres from auth's events (its read model of auth.org.v1)
    for (const [t, s] of [
      [a, admin()],
      [b, adminB],
    ] as const)
      await eventually(
        () =>
          api.reply(
            BILLING_API.findDuplicatePatients,
            { centreId: t.centres.c3!, ...person('x', '9000000000') },
            { session: s },
          ),
        (r) => r.status === 200,
        { what: 'billing knows the company’s centres', timeoutMs: 30_000 },
      );
  }, 120_000);

  it("gives each registration the centre's next MR number, never the same one twice, also at once", async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        api.call(
          BILLING_API.createPatient,
          { centreId: a.centres.c1!, ...person(`Asha ${stamp} ${i}`, `98${stamp}${String(i).padStart(2, '0')}`) },
          { session: desk() },
        ),
      ),
    );
    const numbers = made.map((p) => p.mrID);
    expect(new Set(numbers).size).toBe(8);
    for (const n of numbers) expect(n).toMatch(/^[A-Z0-9-]+-\d{6}$/);
    // another centre counts from its own first number
    const other = await api.call(
      BILLING_API.createPatient,
      { centreId: a.centres.c2!, ...person(`Bina ${stamp}`, `97${stamp}00`) },
      { session: admin() },
    );
    expect(other.mrID).toMatch(/-000001$/);
    expect(other.age).toBe(yearsSince('1988-04-02'));
  });

  it('refuses a second record of the same person until the desk confirms it, naming the first', async () => {
    const first = await api.call(
      BILLING_API.createPatient,
      { centreId: a.centres.c1!, ...person(`Chitra ${stamp}`, `96${stamp}00`) },
      { session: desk() },
    );
    const again = await api.reply(
      BILLING_API.createPatient,
      { centreId: a.centres.c1!, ...person(`chitra ${stamp}`, `96${stamp}00`) },
      { session: desk() },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PATIENT_MESSAGES.duplicate([first.mrID]));
    const warned = await api.call(
      BILLING_API.findDuplicatePatients,
      { centreId: a.centres.c1!, ...person(`CHITRA ${stamp}`, `96${stamp}00`) },
      { session: desk() },
    );
    expect(warned.duplicates.map((p) => p._id)).toEqual([first._id]);
    const confirmed = await api.call(
      BILLING_API.createPatient,
      { centreId: a.centres.c1!, ...person(`Chitra ${stamp}`, `96${stamp}00`), allowDuplicate: true },
      { session: desk() },
    );
    expect(confirmed.mrID).not.toBe(first.mrID);
    // the same person at another centre is another patient (decision 0218): no warning there
    const elsewhere = await api.call(
      BILLING_API.findDuplicatePatients,
      { centreId: a.centres.c2!, ...person(`Chitra ${stamp}`, `96${stamp}00`) },
      { session: admin() },
    );
    expect(elsewhere.duplicates).toEqual([]);
  });

  it('finds patients as the desk types a name, a phone number or an MR number', async () => {
    const p = await api.call(
      BILLING_API.createPatient,
      { centreId: a.centres.c1!, ...person(`Deepa Search${stamp}`, `95${stamp}11`) },
      { session: desk() },
    );
    const find = (search: string) =>
      api.call(BILLING_API.findPatients, { page: 1, pageSize: 20, search }, { session: desk() });
    expect((await find(`deepa search${stamp}`)).items.map((x) => x._id)).toEqual([p._id]);
    expect((await find(`95${stamp}1`)).items.map((x) => x._id)).toEqual([p._id]);
    expect((await find(p.mrID.toLowerCase())).items.map((x) => x._id)).toEqual([p._id]);
    // a wildcard typed is a character, not a wildcard
    expect((await find('%')).items).toEqual([]);
  });

  it("gives the desk's pick list as it types: the newest matches first, at most the limit, and no total", async () => {
    const made: Patient[] = [];
    for (const n of [1, 2, 3])
      made.push(
        await api.call(
          BILLING_API.createPatient,
          { centreId: a.centres.c1!, ...person(`Lata Pick${stamp} ${n}`, `92${stamp}0${n}`) },
          { session: desk() },
        ),
      );
    const lookup = (search: string, limit?: number) =>
      api.call(BILLING_API.lookupPatients, { search, limit }, { session: desk() });
    const newestFirst = made.map((p) => p._id).reverse();
    const byName = await lookup(`lata pick${stamp}`);
    expect(byName).toEqual({ items: expect.any(Array) });
    expect(byName.items.map((x) => x._id)).toEqual(newestFirst);
    expect((await lookup(`lata pick${stamp}`, 2)).items.map((x) => x._id)).toEqual(newestFirst.slice(0, 2));
    expect((await lookup(`92${stamp}02`)).items.map((x) => x._id)).toEqual([made[1]!._id]);
    expect((await lookup(made[2]!.mrID.toLowerCase())).items.map((x) => x._id)).toEqual([made[2]!._id]);
    expect((await lookup('%')).items).toEqual([]);
    // nothing typed, or a longer list than a pick list: 400 naming the field
    for (const [body, field] of [
      [{ search: '  ' }, 'search'],
      [{ search: 'lata', limit: 21 }, 'limit'],
      [{ search: 'lata', page: 1 }, 'page'],
    ] as const) {
      const reply = await api.reply(BILLING_API.lookupPatients, body as never, { session: desk() });
      expect({ status: reply.status, names: reply.body.message.includes(field) }).toEqual({ status: 400, names: true });
    }
  });

  it("searches by index under row-level security: each prefix range of the desk's search is an index condition", async () => {
    // docs/decisions/0289: LIKE and lower() are not leakproof, so under row-level security they never lead an index and
    // a search read every patient of the reach (the benchmark's 300,000 patients: ≈ 110 ms in PostgreSQL, ≈ 2 ms now)
    const p = new QueryParams();
    const condition = patientSearchSql('Deepa S', p).replace(/:p(\d+)/g, (_, i: string) => `$${Number(i) + 1}`);
    // the name's, the phone number's and the MR number's range, each on its own
    const branches = condition.slice(1, -1).split(' OR ');
    expect(branches).toHaveLength(3);
    const plans = await withOwnerClient(async (client) => {
      await client.query('BEGIN');
      try {
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [a.tenantId]);
        // a test company holds a few patients, and the planner rightly reads them all by company: give this one a desk's
        // worth for the transaction (rolled back with the statistics ANALYZE takes), so that a range narrows the read
        await client.query(
          `INSERT INTO billing.patients (tenant_id, centre_id, mr_number, patient_name, gender, phone_number)
           SELECT $1, $2, 'PLAN-' || n, 'Planner Filler ' || n, 'Other', (7000000000 + n)::text
             FROM generate_series(1, 5000) AS n`,
          [a.tenantId, a.centres.c1],
        );
        await client.query('ANALYZE billing.patients');
        await client.query('SET LOCAL enable_seqscan = off');
        const explained: string[] = [];
        for (const branch of branches) {
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN SELECT p.id FROM billing.patients p WHERE ${branch}`,
            Object.values(p.values),
          );
          explained.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
        }
        return explained;
      } finally {
        await client.query('ROLLBACK');
      }
    });
    for (const [i, column] of ['patient_name_lower', 'phone_number', 'mr_number_lower'].entries()) {
      expect(plans[i]).toMatch(new RegExp(`Index Cond: .*\\(${column} ~>=~ 'deepa s'::text\\)`));
      // nothing of the search left to test row by row
      expect(plans[i]).not.toMatch(/Filter: /);
    }
  });

  it('shows a patient only to those who reach its centre, and never to another company', async () => {
    const at = {} as Record<'c1' | 'c2' | 'c3', Patient>;
    for (const c of ['c1', 'c2', 'c3'] as const)
      at[c] = await api.call(
        BILLING_API.createPatient,
        { centreId: a.centres[c]!, ...person(`Esha ${c} ${stamp}`, `94${stamp}0${c.slice(1)}`) },
        { session: admin() },
      );
    for (const who of USERS) {
      for (const c of ['c1', 'c2', 'c3'] as const) {
        const reply = await api.reply(BILLING_API.getPatient, { id: at[c]._id }, { session: session.get(who)! });
        const want = !mayView(who) ? 403 : reaches(who, c) ? 200 : 404;
        expect({ who, c, status: reply.status }).toEqual({ who, c, status: want });
      }
    }
    const other = await api.reply(BILLING_API.getPatient, { id: at.c1._id }, { session: adminB });
    expect(other.status).toBe(404);
    const listed = await api.call(
      BILLING_API.findPatients,
      { page: 1, pageSize: 50, search: `Esha` },
      { session: adminB },
    );
    expect(listed.items).toEqual([]);
    // the desk's pick list passes the same reach: a centre's patients for those who reach the centre, none elsewhere
    for (const who of USERS) {
      if (!mayView(who)) continue;
      const picked = await api.call(
        BILLING_API.lookupPatients,
        { search: `94${stamp}0`, limit: 20 },
        { session: session.get(who)! },
      );
      const want = (['c1', 'c2', 'c3'] as const).filter((c) => reaches(who, c)).map((c) => at[c]._id);
      expect({ who, ids: picked.items.map((x) => x._id).sort() }).toEqual({ who, ids: want.sort() });
    }
    const pickedB = await api.call(BILLING_API.lookupPatients, { search: `94${stamp}0` }, { session: adminB });
    expect(pickedB.items).toEqual([]);
  });

  it('registers only at a centre the caller reaches (another centre, a group or another company alike: 404)', async () => {
    for (const centreId of [a.centres.c3!, a.groups.g!, b.centres.c1!]) {
      const reply = await api.reply(
        BILLING_API.createPatient,
        { centreId, ...person(`Farah ${stamp}`, `93${stamp}00`) },
        { session: desk() },
      );
      expect({ centreId, status: reply.status, message: reply.body.message }).toEqual({
        centreId,
        status: 404,
        message: PATIENT_MESSAGES.centreNotFound,
      });
    }
  });

  it('corrects a patient’s details, keeping its MR number; a told age is kept with the day it was told', async () => {
    const p = await api.call(
      BILLING_API.createPatient,
      {
        centreId: a.centres.c1!,
        patientName: `Gita ${stamp}`,
        gender: 'Female',
        ageYears: 61,
        phoneNumber: `92${stamp}00`,
      },
      { session: desk() },
    );
    expect({ age: p.age, dateOfBirth: p.dateOfBirth }).toEqual({ age: 61, dateOfBirth: null });
    const fixed = await api.call(
      BILLING_API.updatePatient,
      {
        id: p._id,
        patientName: `Gita R ${stamp}`,
        gender: 'Female',
        dateOfBirth: '1965-01-20',
        phoneNumber: `92${stamp}01`,
      },
      { session: session.get('gca')! },
    );
    expect(fixed).toMatchObject({
      _id: p._id,
      mrID: p.mrID,
      patientName: `Gita R ${stamp}`,
      dateOfBirth: '1965-01-20',
    });
    expect(fixed.age).toBe(yearsSince('1965-01-20'));
  });

  it('merges two records of one person at a centre: privileged, audited, the merged one read only (0265)', async () => {
    const make = (name: string, centreId: string) =>
      api.call(
        BILLING_API.createPatient,
        { centreId, ...person(name, `93${stamp}00`), allowDuplicate: true },
        { session: admin() },
      );
    const keep = await make(`Hema M ${stamp}`, a.centres.c1!);
    const twice = await make(`Hema M ${stamp}`, a.centres.c1!);
    const older = await make(`Hema Menon ${stamp}`, a.centres.c1!);
    const elsewhere = await make(`Hema M ${stamp}`, a.centres.c2!);

    // the receptionist may correct a record but not merge two
    const byDesk = await api.reply(
      BILLING_API.mergePatients,
      { keepId: keep._id, mergeId: twice._id },
      { session: desk() },
    );
    expect(byDesk.status).toBe(403);
    // itself, another centre's record, another company's caller: refused, nothing changed
    const refused = [
      [{ keepId: keep._id, mergeId: keep._id }, admin(), 400],
      [{ keepId: keep._id, mergeId: elsewhere._id }, admin(), 400],
      [{ keepId: keep._id, mergeId: twice._id }, adminB, 404],
    ] as const;
    for (const [body, s, status] of refused)
      expect((await api.reply(BILLING_API.mergePatients, body, { session: s })).status).toBe(status);
    expect((await api.call(BILLING_API.getPatient, { id: twice._id }, { session: admin() })).mergedInto).toBeNull();

    // an older record merged into the duplicate first, then the duplicate into the kept one: both point at it
    await api.call(BILLING_API.mergePatients, { keepId: twice._id, mergeId: older._id }, { session: admin() });
    const merged = await api.call(
      BILLING_API.mergePatients,
      { keepId: keep._id, mergeId: twice._id },
      { session: admin() },
    );
    expect(merged).toMatchObject({ _id: keep._id, mergedInto: null });
    for (const id of [twice._id, older._id])
      expect((await api.call(BILLING_API.getPatient, { id }, { session: admin() })).mergedInto).toBe(keep._id);

    // a merged record is read only, and cannot be merged again
    const correct = await api.reply(
      BILLING_API.updatePatient,
      { id: twice._id, ...person(`Hema X ${stamp}`, `93${stamp}00`) },
      { session: admin() },
    );
    expect({ status: correct.status, message: correct.body.message }).toEqual({
      status: 409,
      message: PATIENT_MESSAGES.mergedRecord(keep.mrID),
    });
    const again = await api.reply(
      BILLING_API.mergePatients,
      { keepId: keep._id, mergeId: twice._id },
      { session: admin() },
    );
    expect(again.status).toBe(409);
  });
});

/** Whole years from a birth date to today (UTC; the test never runs at a year's turn of a birthday in India). */
function yearsSince(dob: string): number {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const now = new Date();
  const [ty, tm, td] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}
