// The data of `npm run bench:lims` (issue 23's benchmark; docs/decisions/0311): one laboratory of its own
// (`benchlims`, never the demo company) with one group of two centres, an administrator and a pathologist who reaches
// both, provisioned through auth's tenant CLI as the tests do; through the API as the lab sets itself up: a lab test of
// 20 numeric parameters (ranges by sex, critical limits, delta rules) and 4 HL7 analyzers, each with the identity it
// sends and its own code map for the 20 parameters; then SAMPLES accepted samples, each with one order of that test,
// written in bulk as the owner inside the tenant (row-level security is forced on the owner) and shaped exactly as the
// samples service writes them after a registration, a collection and an acceptance (version 3, collected and accepted
// by the company's users, barcodes 'L' + 9 digits with the company's counter at the last one). Idempotent: ids are
// md5-derived from the company and the sample's number, so a second run adds only the samples it lacks.
import { performance } from 'node:perf_hooks';
import { LIMS_API, ROLE_CODES } from '@rayworks/contracts';
import { eventually, provisionTenant, TEST_PASSWORD } from '@rayworks/testing';
import { api, ensure, inTenant as inTenantOf, ownerClient, signIn, step } from './lib.mjs';

const owner = () => ownerClient('bench-lims');
/** Runs `work` in one transaction of the owner inside the tenant (the bench lib's, named bench-lims). */
export const inTenant = (tenantId, work) => inTenantOf(tenantId, work, 'bench-lims');
export { signIn };

export const BENCH_COMPANY = process.env.BENCH_LIMS_COMPANY ?? 'benchlims';
/** Accepted samples (one order of the bench test each): a morning's run on one worksheet page. */
export const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 500);
export const ANALYZERS = 4;
export const TEST_CODE = 'CHEM20';

export const loginOf = {
  admin: () => `${BENCH_COMPANY}.admin`,
  pathologist: () => `${BENCH_COMPANY}.pathologist`,
};
export const centreCode = (c) => `BL0${c}`;
/** The identity analyzer a (1-based) sends in MSH-3 (unique across companies: it names the company). */
export const sendingApplication = (a) => `${BENCH_COMPANY.toUpperCase()}-AN${a}`;
export const SENDING_FACILITY = 'BENCHLAB';
/** Analyzer a's own code for the i-th parameter (0-based): each instrument numbers its assays its own way. */
export const analyzerCode = (a, i) => String(a * 1000 + 101 + i);

function tenantSpec() {
  const user = (loginName, firstName, role, placement) => ({
    loginName,
    firstName,
    lastName: 'Bench',
    email: `${loginName}@test.rayworks.local`,
    role,
    ...placement,
    password: TEST_PASSWORD,
    resetPassword: false,
  });
  return {
    company: { name: `Bench laboratory ${BENCH_COMPANY}`, code: `bench-${BENCH_COMPANY}` },
    groups: [{ key: 'g1', name: 'Bench Lab Group', code: 'BLG1' }],
    centres: [1, 2].map((c) => ({ key: `c${c}`, name: `Bench Lab Centre ${c}`, code: centreCode(c), group: 'g1' })),
    users: [
      user(loginOf.admin(), 'Admin', ROLE_CODES.ADMIN, {}),
      user(loginOf.pathologist(), 'Pathologist', ROLE_CODES.PATHOLOGIST, { centres: ['c1', 'c2'] }),
    ],
  };
}

const numeric = (code, name, unit, decimals, [possibleMin, possibleMax], ranges, more = {}) => ({
  code,
  name,
  type: 'Numeric',
  unit,
  decimals,
  possibleMin,
  possibleMax,
  ranges,
  ...more,
});
const any = (low, high) => ({ sex: 'Any', low, high });
const male = (low, high) => ({ sex: 'Male', ageFrom: 18, low, high });
const female = (low, high) => ({ sex: 'Female', ageFrom: 18, low, high });

/** A comprehensive chemistry panel of 20 numeric parameters, as an analyser's morning run reports it. */
export const BENCH_TEST = {
  code: TEST_CODE,
  name: 'Comprehensive Chemistry Panel',
  department: 'Laboratory',
  subDepartmentCode: 'BIOCHEM',
  subDepartmentName: 'Biochemistry',
  sampleType: 'SERUM',
  container: 'GOLD_SST',
  turnaroundHours: 6,
  method: 'Photometry and ion-selective electrodes (automated chemistry analyser)',
  loincCode: '24323-8',
  parameters: [
    numeric('GLU', 'Glucose', 'mg/dL', 0, ['1', '2000'], [any('70', '100')], {
      criticalLow: '40',
      criticalHigh: '500',
    }),
    numeric('UREA', 'Urea', 'mg/dL', 0, ['1', '500'], [any('17', '43')]),
    numeric('CREAT', 'Creatinine', 'mg/dL', 2, ['0.1', '30'], [male('0.7', '1.3'), female('0.6', '1.1')], {
      criticalHigh: '7.4',
      delta: { absolute: null, percent: '50' },
    }),
    numeric('UA', 'Uric acid', 'mg/dL', 1, ['0.1', '30'], [male('3.5', '7.2'), female('2.6', '6')]),
    numeric('NA', 'Sodium', 'mmol/L', 0, ['90', '200'], [any('136', '145')], {
      criticalLow: '120',
      criticalHigh: '160',
    }),
    numeric('K', 'Potassium', 'mmol/L', 1, ['1', '12'], [any('3.5', '5.1')], {
      criticalLow: '2.8',
      criticalHigh: '6.2',
    }),
    numeric('CL', 'Chloride', 'mmol/L', 0, ['50', '150'], [any('98', '107')]),
    numeric('HCO3', 'Bicarbonate', 'mmol/L', 0, ['2', '60'], [any('22', '29')]),
    numeric('CA', 'Calcium', 'mg/dL', 1, ['2', '20'], [any('8.6', '10.3')], { criticalLow: '6', criticalHigh: '13' }),
    numeric('PHOS', 'Phosphorus', 'mg/dL', 1, ['0.5', '20'], [any('2.5', '4.5')]),
    numeric('MG', 'Magnesium', 'mg/dL', 1, ['0.2', '10'], [any('1.6', '2.6')]),
    numeric('TBIL', 'Bilirubin, total', 'mg/dL', 2, ['0', '50'], [any('0.3', '1.2')], { criticalHigh: '15' }),
    numeric('DBIL', 'Bilirubin, direct', 'mg/dL', 2, ['0', '40'], [any('0', '0.3')]),
    numeric('AST', 'AST (SGOT)', 'U/L', 0, ['0', '20000'], [male('0', '40'), female('0', '32')]),
    numeric('ALT', 'ALT (SGPT)', 'U/L', 0, ['0', '20000'], [male('0', '41'), female('0', '33')]),
    numeric('ALP', 'Alkaline phosphatase', 'U/L', 0, ['0', '5000'], [any('40', '129')]),
    numeric('GGT', 'Gamma GT', 'U/L', 0, ['0', '5000'], [male('0', '60'), female('0', '40')]),
    numeric('TP', 'Total protein', 'g/dL', 1, ['1', '15'], [any('6.4', '8.3')]),
    numeric('ALB', 'Albumin', 'g/dL', 1, ['0.5', '7'], [any('3.5', '5.2')]),
    numeric('CHOL', 'Cholesterol, total', 'mg/dL', 0, ['0', '1000'], [any('0', '200')], {
      delta: { absolute: null, percent: '50' },
    }),
  ],
};

/**
 * The value of the i-th parameter for the k-th reading (a sample, a run): inside the reference range or a little above
 * it (one in seven), never near a critical limit — a critical value would raise reporting's alerts and e-mails.
 */
export function valueOf(parameter, k, i) {
  const [range] = parameter.ranges;
  const low = Number(range.low);
  const high = Number(range.high);
  const frac = ((k * 37 + i * 11) % 61) / 60; // 0 … 1
  const v = (k + i) % 7 === 0 ? high * 1.08 : low + (high - low) * (0.1 + 0.8 * frac);
  return v.toFixed(parameter.decimals);
}

/**
 * The lab's setup through the API, as its administrator makes it: the bench test, and 4 HL7 analyzers with their code
 * maps (saved again each run: the same map). Answers the analyzers (id, identity, code → parameter).
 */
async function setUpLab(company, admin) {
  await ensure(LIMS_API.createLabTest, BENCH_TEST, admin.credentials);
  // each analyzer belongs to the centre whose laboratory runs it (decision 0373): they alternate between the two; a
  // centre just made is known to the LIMS once auth's event reaches it (404 until then)
  for (let a = 1; a <= ANALYZERS; a++) {
    const body = {
      name: `Bench chemistry analyser ${a}`,
      protocol: 'HL7',
      sendingApplication: sendingApplication(a),
      sendingFacility: SENDING_FACILITY,
      centreId: company.centres[a % 2 ? 'c1' : 'c2'],
    };
    await eventually(
      () => api.reply(LIMS_API.createAnalyzer, body, { session: admin.credentials }),
      (reply) => reply.status !== 404,
      { what: `the LIMS knows the centre of analyser ${a}` },
    ).then((reply) => {
      if (reply.status !== 200 && reply.status !== 409)
        throw new Error(`${LIMS_API.createAnalyzer.path}: ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
    });
  }
  const rows = await inTenant(company.tenantId, async (c) => {
    const { rows } = await c.query(
      `SELECT id, sending_application FROM lims.analyzers WHERE sending_application = ANY($1) AND protocol = 'HL7'`,
      [Array.from({ length: ANALYZERS }, (_, a) => sendingApplication(a + 1))],
    );
    return rows;
  });
  const analyzers = [];
  for (let a = 1; a <= ANALYZERS; a++) {
    const row = rows.find((r) => r.sending_application === sendingApplication(a));
    const codes = BENCH_TEST.parameters.map((p, i) => ({
      analyzerCode: analyzerCode(a, i),
      testCode: TEST_CODE,
      parameterCode: p.code,
    }));
    await api.call(LIMS_API.saveAnalyzerCodes, { id: row.id, codes }, { session: admin.credentials });
    analyzers.push({ id: row.id, sendingApplication: sendingApplication(a), codes });
  }
  return analyzers;
}

/** The bench samples the company holds (accepted, with their order of the bench test still ORDERED). */
export async function samplesHeld(tenantId) {
  return inTenant(tenantId, async (c) => {
    const { rows } = await c.query(
      `SELECT count(*)::int AS n FROM lims.samples s JOIN lims.lab_orders o ON o.sample_id = s.id
        WHERE s.status = 'ACCEPTED' AND o.status = 'ORDERED' AND o.test_code = $1`,
      [TEST_CODE],
    );
    return rows[0].n;
  });
}

/**
 * Samples 1..count in bulk, as the samples service leaves them after registration (RegistrationCreated), collection
 * and acceptance: one per visit (a patient of their own, alternately at the two centres, both sexes, adults), the
 * order of the bench test on it. Samples already there are left as they are (ON CONFLICT on the barcode and the
 * registration item); the company's barcode counter ends at the highest number used.
 */
async function writeSamples(company, users, count) {
  const [c1, c2] = [company.centres.c1, company.centres.c2];
  const names = ['Aarav', 'Diya', 'Vihaan', 'Ananya', 'Arjun', 'Ishita', 'Kabir', 'Meera', 'Rohan', 'Saanvi'];
  const surnames = ['Sharma', 'Iyer', 'Reddy', 'Patel', 'Nair', 'Gupta', 'Menon', 'Das', 'Kulkarni', 'Singh'];
  await inTenant(company.tenantId, async (c) => {
    // md5 → a version-4 uuid of the company, a kind and the sample's number
    await c.query(
      `CREATE TEMP TABLE bench_samples ON COMMIT DROP AS
      SELECT g AS n,
             overlay(overlay(md5($1 || ':sample:' || g) placing '4' from 13) placing '8' from 17)::uuid AS id,
             overlay(overlay(md5($1 || ':registration:' || g) placing '4' from 13) placing '8' from 17)::uuid AS registration_id,
             overlay(overlay(md5($1 || ':item:' || g) placing '4' from 13) placing '8' from 17)::uuid AS item_id,
             overlay(overlay(md5($1 || ':order:' || g) placing '4' from 13) placing '8' from 17)::uuid AS order_id,
             overlay(overlay(md5($1 || ':patient:' || g) placing '4' from 13) placing '8' from 17)::uuid AS patient_id,
             CASE WHEN g % 2 = 1 THEN $2::uuid ELSE $3::uuid END AS centre_id,
             CASE WHEN g % 2 = 1 THEN $4 ELSE $5 END AS centre_code,
             -- the morning: registered from 07:00 two hours before now, a sample every few seconds
             now() - interval '2 hours' + g * interval '5 seconds' AS registered_at
        FROM generate_series(1, $6::int) AS g`,
      [company.tenantId, c1, c2, centreCode(1), centreCode(2), count],
    );
    await c.query(
      `INSERT INTO lims.samples (id, tenant_id, centre_id, group_id, registration_id, registration_number, registered_at,
              patient_id, mr_number, patient_name, gender, date_of_birth, sample_type, container, barcode, status,
              collected_by, collected_by_name, collected_at, collection_place, accepted_by, accepted_by_name,
              accepted_at, version, created_at, updated_at)
       SELECT b.id, $1, b.centre_id, $2, b.registration_id, b.centre_code || '-V' || lpad(b.n::text, 6, '0'),
              b.registered_at, b.patient_id, b.centre_code || '-' || lpad(b.n::text, 6, '0'),
              ($3::text[])[1 + b.n % 10] || ' ' || ($4::text[])[1 + (b.n / 10) % 10] || ' ' || b.n,
              CASE WHEN b.n % 2 = 0 THEN 'Female' ELSE 'Male' END,
              date '1950-01-01' + (b.n * 97) % 18000, 'SERUM', 'GOLD_SST', 'L' || lpad(b.n::text, 9, '0'), 'ACCEPTED',
              $5, $6, b.registered_at + interval '10 minutes', 'CENTRE', $7, $8, b.registered_at + interval '40 minutes',
              3, b.registered_at, b.registered_at + interval '40 minutes'
         FROM bench_samples b
       ON CONFLICT (tenant_id, barcode) DO NOTHING`,
      [
        company.tenantId,
        company.groups.g1,
        names,
        surnames,
        users.admin.userId,
        users.admin.loginName,
        users.pathologist.userId,
        users.pathologist.loginName,
      ],
    );
    await c.query(
      `INSERT INTO lims.lab_orders (id, tenant_id, sample_id, registration_id, registration_item_id, test_code,
              test_name, status, created_at, updated_at)
       SELECT b.order_id, $1, b.id, b.registration_id, b.item_id, $2, $3, 'ORDERED', b.registered_at, b.registered_at
         FROM bench_samples b
       ON CONFLICT (registration_item_id) DO NOTHING`,
      [company.tenantId, TEST_CODE, BENCH_TEST.name],
    );
    await c.query(
      `INSERT INTO lims.sample_barcode_counters AS k (tenant_id, last_number) VALUES ($1, $2)
       ON CONFLICT (tenant_id) DO UPDATE SET last_number = greatest(k.last_number, excluded.last_number)`,
      [company.tenantId, count],
    );
  });
}

/**
 * The bench orders' results removed (as the owner, in the company): every run starts from pending orders. Nothing of
 * the bench is ever signed, so no history holds them; the audit trail and the analyzers' messages stay.
 */
export async function resetResults(tenantId) {
  return inTenant(tenantId, async (c) => {
    const history = await c.query(`SELECT count(*)::int AS n FROM lims.result_history`);
    if (history.rows[0].n > 0) throw new Error('the bench company holds signed results: it cannot be reset');
    const results = await c.query(`DELETE FROM lims.results`);
    const orders = await c.query(`DELETE FROM lims.order_results`);
    return { results: results.rowCount, orders: orders.rowCount };
  });
}

/**
 * The planner's statistics of the lims tables the bench writes, as autovacuum leaves them a minute after such a
 * change (a tenth of a table changed): without them the first plans guess one row per company.
 */
export async function analyzeTables() {
  const client = await owner();
  try {
    await client.query(
      `ANALYZE lims.samples, lims.lab_orders, lims.order_results, lims.results, lims.analyzer_messages,
               lims.analyzer_results`,
    );
  } finally {
    await client.end();
  }
}

/**
 * Provisions and sets up the lab, and writes the samples it lacks. Answers the company (with its users' logins and
 * ids), the analyzers and the samples (number, barcode, order id) in worksheet order.
 */
export async function seedLims() {
  step(`provisioning the bench laboratory "${BENCH_COMPANY}" (auth's tenant CLI; idempotent)`);
  const company = await provisionTenant(tenantSpec());
  // the LIMS knows the company's users from auth's tokens; the gateway from auth: the first login may wait
  const admin = await eventually(
    () => signIn(loginOf.admin()),
    (s) => Boolean(s.userId),
    { what: 'the bench administrator signs in', timeoutMs: 60_000 },
  );
  const pathologist = await signIn(loginOf.pathologist());
  step('lab setup through the API: the 20-parameter test, 4 HL7 analyzers and their code maps (idempotent)');
  const analyzers = await setUpLab(company, admin);
  const held = await samplesHeld(company.tenantId);
  let writtenSeconds = null;
  if (held < SAMPLES) {
    step(`writing ${SAMPLES - held} accepted samples with their orders in bulk (${held} held)`);
    const started = performance.now();
    await writeSamples(company, { admin, pathologist }, SAMPLES);
    writtenSeconds = (performance.now() - started) / 1000;
  }
  const samples = await inTenant(company.tenantId, async (c) => {
    const { rows } = await c.query(
      `SELECT s.barcode, o.id AS order_id FROM lims.samples s JOIN lims.lab_orders o ON o.sample_id = s.id
        WHERE s.status = 'ACCEPTED' AND o.status = 'ORDERED' AND o.test_code = $1
        ORDER BY s.accepted_at, s.barcode LIMIT $2`,
      [TEST_CODE, SAMPLES],
    );
    return rows.map((r) => ({ barcode: r.barcode, orderId: r.order_id }));
  });
  return { company, admin, pathologist, analyzers, samples, held: await samplesHeld(company.tenantId), writtenSeconds };
}
