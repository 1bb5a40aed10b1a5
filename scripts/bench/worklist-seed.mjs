// The data of `npm run bench:worklist`: one company of its own (`benchwl1m`, never the demo company) with 4 groups of
// 5 centres (20), an administrator, 40 radiologists (each in 2 centres, so a centre has 4) and 10 typists (each in
// 2 centres), provisioned through auth's tenant CLI as the tests do — and 1,000,000 cases over them, bulk-inserted
// into cases.cases as the owner inside the tenant (row-level security forces the owner too), then the maintained
// counts rebuilt from the rows and the table vacuumed and analysed. Idempotent: a case's id is derived from the
// tenant and its number, so a run cut short is completed by the next one and a finished seed is found and kept.
//
// The spread (docs/benchmarks.md): received over the last 365 days, in arrival order (case n after case n − 1, as
// studies arrive, so the table's physical order follows the received time as in a live system); the last three
// days' cases mostly open (25 % COMPLETED, NEW 25 %, IN PROGRESS 18 %, PENDING FOR ACCEPTANCE 7 %, PENDING AT TYPIST
// 10 %, PENDING FOR REVIEW 7 %, PENDING FOR SCAN 4 %, REJECTED 3 %, RECALLED 1 %), older ones COMPLETED but for a
// stale tail of 0.5 % (REJECTED, PENDING FOR SCAN, RECALLED, NEW, IN PROGRESS): ≈ 985,000 COMPLETED, a few thousand
// open, ≈ 8,000 overdue; a deep page is a page of COMPLETED or of every status;
// centres skewed (the busiest holds ≈ 16 %, the quietest ≈ 2.5 %); modality CT 30 %, CR 20 %, MR 20 %,
// DX 10 %, US 10 %, MG 5 %, PT 3 %, NM 2 %; priority ROUTINE 85 %, STAT 12 %, EMERGENT 3 % (with the Emergency
// legend), MLC 1 %; Marketplace workflow 3 %; 400,000 patients named from 160 × 120 first and last names.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { ROLE_CODES } from '@rayworks/contracts';
import { infraEnv, provisionTenant, TEST_PASSWORD } from '@rayworks/testing';

export const BENCH_COMPANY = 'benchwl1m';
export const CASES = Number(process.env.BENCH_CASES ?? 1_000_000);
const CHUNK = 50_000;
const GROUPS = 4;
const CENTRES = 20;
const RADIOLOGISTS = 40;
const TYPISTS = 10;
/** Administrators: one per k6 browsing user group, so sessions are spread over several users. */
const ADMINS = 5;

const step = (line) => process.stderr.write(`  … ${line}\n`);
const pad = (n) => String(n).padStart(2, '0');

export const loginOf = {
  admin: (i = 1) => `${BENCH_COMPANY}.admin${pad(i)}`,
  groupAdmin: () => `${BENCH_COMPANY}.group.admin`,
  radiologist: (i) => `${BENCH_COMPANY}.rad${pad(i)}`,
  typist: (i) => `${BENCH_COMPANY}.typist${pad(i)}`,
};

/** Radiologist r (1-based) reads for centres r and r + 20/… : centre c has radiologists c, c+20 and the two of c-5. */
const radiologistCentres = (r) => [((r - 1) % CENTRES) + 1, ((r - 1 + 5) % CENTRES) + 1];
const typistCentres = (t) => [2 * t - 1, 2 * t];

export function tenantSpec() {
  const name = BENCH_COMPANY;
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
  const users = [];
  for (let i = 1; i <= ADMINS; i++) users.push(user(loginOf.admin(i), `Admin${i}`, ROLE_CODES.ADMIN, {}));
  users.push(user(loginOf.groupAdmin(), 'GroupAdmin', ROLE_CODES.GROUP_ADMIN, { group: 'g1' }));
  for (let r = 1; r <= RADIOLOGISTS; r++)
    users.push(
      user(loginOf.radiologist(r), `Radiologist${r}`, ROLE_CODES.CENTER_RADIOLOGIST, {
        centres: radiologistCentres(r).map((c) => `c${pad(c)}`),
      }),
    );
  for (let t = 1; t <= TYPISTS; t++)
    users.push(
      user(loginOf.typist(t), `Typist${t}`, ROLE_CODES.TYPIST, { centres: typistCentres(t).map((c) => `c${pad(c)}`) }),
    );
  return {
    company: { name: 'Bench worklist 1M', code: `bench-${name}` },
    groups: Array.from({ length: GROUPS }, (_, g) => ({
      key: `g${g + 1}`,
      name: `Bench WL Group ${g + 1}`,
      code: `BWLG${g + 1}`,
    })),
    centres: Array.from({ length: CENTRES }, (_, c) => ({
      key: `c${pad(c + 1)}`,
      name: `Bench WL Centre ${pad(c + 1)}`,
      code: `BWLC${pad(c + 1)}`,
      group: `g${Math.floor(c / (CENTRES / GROUPS)) + 1}`,
    })),
    users,
  };
}

/** The company, its centres and users (idempotent: auth's provisioner finds what exists). */
export async function provisionBenchCompany() {
  const provisioned = await provisionTenant(tenantSpec());
  const centreIds = Array.from({ length: CENTRES }, (_, c) => provisioned.centres[`c${pad(c + 1)}`]);
  const groupOfCentre = Array.from(
    { length: CENTRES },
    (_, c) => provisioned.groups[`g${Math.floor(c / (CENTRES / GROUPS)) + 1}`],
  );
  // per centre (1-based c): its radiologists and typists, as rectangular arrays for SQL
  const radiologistsOf = Array.from({ length: CENTRES }, () => []);
  for (let r = 1; r <= RADIOLOGISTS; r++)
    for (const c of radiologistCentres(r)) radiologistsOf[c - 1].push(provisioned.users[loginOf.radiologist(r)]);
  const typistsOf = Array.from({ length: CENTRES }, () => []);
  for (let t = 1; t <= TYPISTS; t++)
    for (const c of typistCentres(t)) typistsOf[c - 1].push(provisioned.users[loginOf.typist(t)]);
  const radiologistLogins = Array.from({ length: RADIOLOGISTS }, (_, r) => ({
    login: loginOf.radiologist(r + 1),
    id: provisioned.users[loginOf.radiologist(r + 1)],
  }));
  return { ...provisioned, centreIds, groupOfCentre, radiologistsOf, typistsOf, radiologistLogins };
}

// 160 first names and 120 family names from many countries: a 'contains' search for a family name matches ≈ 1 %.
const FIRST =
  `Aarav Aditi Ahmed Aiko Alejandro Alessia Ali Amara Amelia Ana Anders Andrea Anika Anna Antoine Arjun Astrid
  Aylin Beatriz Benjamin Bilal Camila Carlos Carmen Catarina Chen Chiara Chloe Daniel David Deepa Diego Dmitri Elena
  Elif Eliska Emil Emily Emma Eszter Fatima Felipe Finn Freya Gabriel Giulia Grace Hana Hannah Hassan Helena Hiroshi
  Hugo Ibrahim Ines Ingrid Isabella Ivan Jakub Jamal James Jana Javier Jin Joao Johan John Jose Julia Kai Kamala
  Karin Kenji Khalid Kofi Lars Laura Layla Leila Leon Lina Lucas Lucia Luis Mads Maja Malik Marco Maria Marta Mateo
  Matteo Maya Mehmet Mei Mia Mikhail Min Mohammed Nadia Naomi Nikolai Noah Nora Olga Oliver Olivia Omar Oscar Pablo
  Paolo Pedro Pierre Priya Rahul Rania Rashid Ravi Rosa Ruth Sakura Samuel Sara Sebastian Sina Sofia Sophie Sven
  Tariq Teresa Thomas Tomas Valentina Vera Victor Vikram Wei Yara Yasmin Yuki Yusuf Zainab Zara Zoe Ahmad Bianca
  Clara Dario Edith Fiona Goran Hedda Imran Jonas Kira Lotte Magnus Nina Otto`
    .split(/\s+/)
    .filter(Boolean);
const LAST = `Abebe Adeyemi Ahmed Alvarez Andersen Bakker Banerjee Becker Bianchi Brown Carvalho Castro Chen Chowdhury
  Costa Cruz Da Silva Dubois Eriksson Fernandes Fischer Garcia Gomez Gonzalez Gupta Hansen Haddad Hernandez Hoffmann
  Horvath Hussain Ibrahim Ito Iyer Jansen Jensen Johansson Jones Kaur Khan Kim Kowalski Kumar Larsen Lee Lehmann Li
  Lindqvist Lopez Mahmoud Martin Martinez Mehta Meyer Moreau Moreno Muller Murphy Nakamura Nguyen Nielsen Novak
  Okafor Olsen Ortiz Osei Park Patel Pereira Petrov Popescu Rahman Ramirez Rao Reddy Ricci Rodriguez Romano Rossi
  Russo Saito Sanchez Santos Sato Schmidt Schneider Schulz Sharma Silva Singh Smith Sokolov Suzuki Tanaka Tan
  Thompson Torres Tran Van Dijk Varga Volkov Wagner Wang Weber Williams Wilson Wong Wu Yamamoto Yang Yilmaz Zhang
  Zhou Zielinski Kovacs Nowak Dvorak Haas Lund Berg Ek Moller Kaya Demir Celik Arslan Ozturk`
  .split(/\s+/)
  .filter(Boolean);

const MODALITIES = [
  // modality, cumulative share, study description, body part
  ['CT', 0.3, 'CT Head without contrast', 'HEAD'],
  ['CR', 0.5, 'CR Chest PA', 'CHEST'],
  ['MR', 0.7, 'MR Brain with contrast', 'BRAIN'],
  ['DX', 0.8, 'DX Knee 2 views', 'KNEE'],
  ['US', 0.9, 'US Abdomen complete', 'ABDOMEN'],
  ['MG', 0.95, 'MG Screening bilateral', 'BREAST'],
  ['PT', 0.98, 'PET-CT Whole body', 'WHOLEBODY'],
  ['NM', 1, 'NM Bone scan', 'WHOLEBODY'],
];
/** The last three days' cases: mostly open work (a day's turnaround, a backlog of a few thousand). */
const RECENT_STATUSES = [
  ['COMPLETED', 0.25],
  ['NEW', 0.5],
  ['IN PROGRESS', 0.68],
  ['PENDING FOR ACCEPTANCE', 0.75],
  ['PENDING AT TYPIST', 0.85],
  ['PENDING FOR REVIEW', 0.92],
  ['PENDING FOR SCAN', 0.96],
  ['REJECTED', 0.99],
  ['RECALLED', 1],
];
/** Older cases: read, but for a stale tail of 0.5 % (rejections and recalls never reassigned, studies never sent). */
const OLDER_STATUSES = [
  ['COMPLETED', 0.995],
  ['REJECTED', 0.9965],
  ['PENDING FOR SCAN', 0.998],
  ['RECALLED', 0.9987],
  ['NEW', 0.9994],
  ['IN PROGRESS', 1],
];
const pick = (column, table, valueIndex = 0) =>
  `CASE ${table
    .map(([value, upTo, ...rest], i) =>
      i === table.length - 1
        ? `ELSE '${[value, upTo, ...rest][valueIndex]}'`
        : `WHEN ${column} < ${upTo} THEN '${[value, upTo, ...rest][valueIndex]}'`,
    )
    .join(' ')} END`;

/**
 * A case's id: derived from the tenant and the case's number (so a load cut short is completed, never doubled), and
 * shaped as an RFC 9562 version-4 UUID — version nibble 4, variant 10xx — as gen_random_uuid() makes the service's
 * ids. A bare md5 cast to uuid is a valid PostgreSQL uuid but not an RFC one: the contracts' z.uuid() refuses 7 in 8
 * of them, so /cases/assign and /cases/worklistupdate answered 400 'Invalid UUID' for most bench cases (the first
 * k6 run: 390 of 408 assignments).
 */
const CASE_HASH = `md5($1::text || ':case:' || n)`;
export const CASE_ID = `overlay(overlay(${CASE_HASH} placing '4' from 13 for 1)
           placing substr('89ab', 1 + get_byte(decode(${CASE_HASH}, 'hex'), 8) % 4, 1) from 17 for 1)::uuid`;

/** One chunk of cases numbered [first, last]: every random draw once per row (OFFSET 0 keeps the draws apart). */
const INSERT_CHUNK = `
WITH draw AS (
  SELECT n,
         ${CASE_ID} AS id,
         -- centre 1..20, skewed: power 1.6 puts ≈ 16 % on the busiest
         least(${CENTRES}, 1 + floor(${CENTRES} * power(random(), 1.6))::int) AS c,
         random() AS rs, random() AS rm, random() AS rp, random() AS rl, random() AS rw, random() AS rr,
         random() AS rt, random() AS rx,
         1 + floor(random() * ${FIRST.length})::int AS fi,
         1 + floor(random() * ${LAST.length})::int AS li,
         -- 400,000 patients, most with several studies
         (1 + (n::bigint * 7919) % 400000)::int AS patient,
         -- in arrival order, as studies come in (the table's order follows the received time), over 365 days
         now() - interval '365 days' * (1 - n::float8 / $10) - random() * interval '20 minutes' AS received
    FROM generate_series($2::int, $3::int) AS n
  OFFSET 0
), shaped AS (
  SELECT d.*,
         CASE WHEN received > now() - interval '3 days' THEN ${pick('rs', RECENT_STATUSES)}
              ELSE ${pick('rs', OLDER_STATUSES)} END AS status,
         ${pick('rm', MODALITIES)} AS modality,
         ${pick('rm', MODALITIES, 2)} AS description,
         ${pick('rm', MODALITIES, 3)} AS body_part,
         CASE WHEN rp < 0.03 THEN 'EMERGENT' WHEN rp < 0.15 THEN 'STAT' ELSE 'ROUTINE' END AS priority
    FROM draw d
  OFFSET 0
), timed AS (
  SELECT s.*,
         status IN ('PENDING FOR ACCEPTANCE', 'IN PROGRESS', 'PENDING AT TYPIST', 'PENDING FOR REVIEW', 'COMPLETED')
           AS assigned,
         status IN ('PENDING AT TYPIST', 'PENDING FOR REVIEW') OR (status = 'COMPLETED' AND rt < 0.6) AS typed,
         least(now(), received + (5 + rx * 600) * interval '1 minute') AS assigned_time
    FROM shaped s
)
INSERT INTO cases.cases (
  id, tenant_id, version, group_id, centre_id, status, workflow_type, patient_name, patient_id, patient_sex,
  patient_birth_date, accession_number, study_instance_uid, study_id, study_description, body_part, modality,
  modalities, study_date, series_count, instance_count, imaging_state, priority, legends, radiologist_id, typist_id,
  on_hold, reject_reason, received_at, due_at, assigned_at, completed_at, created_at, updated_at)
SELECT id, $1::uuid,
       CASE WHEN status IN ('NEW', 'PENDING FOR SCAN') THEN 1 WHEN status = 'COMPLETED' THEN 5 ELSE 3 END,
       ($5::uuid[])[c], ($4::uuid[])[c], status,
       CASE WHEN rw < 0.03 THEN 'Marketplace' ELSE 'Center' END,
       ($8::text[])[li] || '^' || ($9::text[])[fi],
       'BW' || lpad(patient::text, 7, '0'),
       CASE WHEN fi % 2 = 0 THEN 'F' ELSE 'M' END,
       to_char(date '1940-01-01' + (patient % 29000), 'YYYYMMDD'),
       'ACC' || lpad(n::text, 8, '0'),
       CASE WHEN status = 'PENDING FOR SCAN' THEN NULL ELSE '1.2.826.0.1.3680043.10.1057.' || n END,
       CASE WHEN status = 'PENDING FOR SCAN' THEN NULL ELSE (n % 100000)::text END,
       description, body_part, modality, ARRAY[modality],
       to_char(received, 'YYYYMMDD'),
       CASE WHEN status = 'PENDING FOR SCAN' THEN 0 ELSE 1 + (n % 6) END,
       CASE WHEN status = 'PENDING FOR SCAN' THEN 0 ELSE (1 + (n % 6)) * (20 + (n % 180)) END,
       CASE WHEN status = 'PENDING FOR SCAN' THEN NULL WHEN status = 'NEW' AND rl < 0.02 THEN 'CLOUD_UPLOADING'
            ELSE 'IMPORTED' END,
       priority,
       CASE WHEN priority = 'EMERGENT' THEN ARRAY['Emergency'] ELSE ARRAY[]::text[] END
         || CASE WHEN rl < 0.01 THEN ARRAY['MLC'] ELSE ARRAY[]::text[] END
         || CASE WHEN rl > 0.995 THEN ARRAY['Interested'] ELSE ARRAY[]::text[] END,
       CASE WHEN assigned THEN ($6::uuid[])[c][1 + floor(rr * array_length($6::uuid[], 2))::int] END,
       CASE WHEN typed THEN ($7::uuid[])[c][1 + floor(rt * array_length($7::uuid[], 2))::int] END,
       status = 'IN PROGRESS' AND rx < 0.02,
       CASE WHEN status = 'REJECTED' THEN 'Images incomplete' END,
       -- a registration's received time is its registration until the study arrives (core's CaseCounts migration)
       received,
       received + CASE priority WHEN 'EMERGENT' THEN interval '30 minutes' WHEN 'STAT' THEN interval '1 hour'
                                ELSE interval '24 hours' END,
       CASE WHEN assigned THEN assigned_time END,
       CASE WHEN status = 'COMPLETED' THEN least(now(), assigned_time + (10 + rx * 1400) * interval '1 minute') END,
       received,
       CASE WHEN status = 'COMPLETED' THEN least(now(), assigned_time + (10 + rx * 1400) * interval '1 minute')
            WHEN assigned THEN assigned_time ELSE received END
  FROM timed
ON CONFLICT (id) DO NOTHING`;

async function owner() {
  const client = new pg.Client({ connectionString: infraEnv().ownerDatabaseUrl, application_name: 'bench-worklist' });
  await client.connect();
  return client;
}

/** Runs `work` in one transaction of the owner inside the tenant (RLS forces the owner too). */
export async function inTenant(tenantId, work) {
  const client = await owner();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

export async function casesHeld(tenantId) {
  return inTenant(tenantId, async (c) => (await c.query('SELECT count(*)::int AS n FROM cases.cases')).rows[0].n);
}

/**
 * The maintained counts (cases.case_counts, kept by core's statement trigger on cases.cases: one row per key of
 * its unique index with the number of cases of that key). A load made before the trigger existed leaves this
 * company's counts empty: they are compared with the rows (one grouping scan) and recomputed from them when they
 * differ. Returns whether they were rebuilt; false also when the table does not exist (yet).
 */
export async function ensureCounts(tenantId) {
  return inTenant(tenantId, async (c) => {
    const { rows } = await c.query(`
      SELECT a.attname
        FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
       WHERE i.indrelid = to_regclass('cases.case_counts') AND i.indisunique
       ORDER BY array_position(i.indkey::int2[], a.attnum)`);
    if (rows.length === 0) return false;
    const key = rows.map((r) => r.attname).join(', ');
    const grouped = `SELECT ${key}, count(*)::bigint AS n FROM cases.cases GROUP BY ${key}`;
    const kept = `SELECT ${key}, n FROM cases.case_counts WHERE n <> 0`;
    const { rows: diff } = await c.query(
      `SELECT count(*)::int AS n FROM ((${grouped} EXCEPT ${kept}) UNION ALL (${kept} EXCEPT ${grouped})) d`,
    );
    if (diff[0].n === 0) return false;
    await c.query('DELETE FROM cases.case_counts');
    await c.query(`INSERT INTO cases.case_counts (${key}, n) ${grouped}`);
    return true;
  });
}

/** Whether the company holds a case whose id is not version-4 shaped (loaded by the seed before CASE_ID). */
async function olderIds(tenantId) {
  return inTenant(tenantId, async (c) => {
    const { rows } = await c.query(`
      SELECT EXISTS (SELECT 1 FROM cases.cases
                      WHERE substr(id::text, 15, 1) <> '4' OR substr(id::text, 20, 1) NOT IN ('8', '9', 'a', 'b'))
        AS older`);
    return rows[0].older;
  });
}

/**
 * Provisions the company and loads the cases that are missing (chunks of 50,000, one transaction each), then
 * vacuums and analyses. Returns the provisioned company and whether anything was loaded.
 */
export async function seedWorklist() {
  step(`provisioning the bench company "${BENCH_COMPANY}" (auth's tenant CLI; idempotent)`);
  const company = await provisionBenchCompany();
  if (await olderIds(company.tenantId)) {
    // a load by the seed before its ids were RFC-shaped: its cases cannot be acted on through the API (400)
    step("the bench company's cases have the older seed's ids (not RFC 9562 UUIDs): deleting them to load again");
    await inTenant(company.tenantId, (c) => c.query('DELETE FROM cases.cases'));
  }
  let held = await casesHeld(company.tenantId);
  if (held >= CASES) {
    step(`reusing the bench company's ${held} cases`);
    return { company, loadedSeconds: null };
  }
  step(`the bench company holds ${held} cases: loading ${CASES} (once, then kept; a few minutes)`);
  const started = performance.now();
  const radiologists = company.radiologistsOf;
  const typists = company.typistsOf;
  for (let first = 1; first <= CASES; first += CHUNK) {
    const last = Math.min(CASES, first + CHUNK - 1);
    const inserted = await inTenant(company.tenantId, async (c) => {
      const res = await c.query(INSERT_CHUNK, [
        company.tenantId,
        first,
        last,
        company.centreIds,
        company.groupOfCentre,
        radiologists,
        typists,
        LAST,
        FIRST,
        CASES,
      ]);
      return res.rowCount;
    });
    step(`cases ${first}–${last}: ${inserted} inserted (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const loadedSeconds = (performance.now() - started) / 1000;
  held = await casesHeld(company.tenantId);
  if (held < CASES) throw new Error(`the bench company holds ${held} cases after loading`);
  step('VACUUM ANALYZE cases.cases');
  const client = await owner();
  try {
    await client.query('VACUUM (ANALYZE) cases.cases');
  } finally {
    await client.end();
  }
  return { company, loadedSeconds };
}
