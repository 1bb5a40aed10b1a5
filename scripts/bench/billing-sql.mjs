// The bulk load of `npm run bench:billing` (scripts/bench/billing-seed.mjs): a company's front-desk history written
// as the billing service writes it, in SQL (generate_series into scratch tables of the session, then one INSERT …
// SELECT per table), as the owner inside the tenant. What a row holds follows the service's repositories, checked
// against rows the API wrote (registration with a desk payment, a later payment, a cancellation with its credit note):
// - visits: VISIT_DAYS days up to now, in a centre's opening hours (07:00–22:00 on its clock, Asia/Kolkata), skewed
//   over the 20 centres (the busiest ≈ 16 %, the quietest ≈ 2.5 %); 1 to 3 items of the catalogue (a package expanded
//   into its tests on the visit, a radiology test with the company's next accession number); the price of the moment
//   (holiday on the centre's holidays, night from 21:00, else normal; a holiday night at the higher night price), one
//   line in twenty discounted by ₹50;
// - patients: a visit is a new patient's three times in ten (and the first at each centre), else a patient of the
//   centre registered before it: ≈ 300,000 patients with their centre's MR numbers in registration order;
// - invoices: one per visit, numbered gap-free per centre and financial year (April–March on the centre's clock) in
//   issue order; lines and totals as invoiceTotals gives them (exempt diagnostic services, no round-off);
// - payments: 80 % paid in full at the desk, 8 % part-paid at the desk and settled 1–10 days later, 4 % part-paid
//   only, 5.5 % paid later (up to 30 days, some by corporate credit), 2 % never paid, 0.5 % cancelled within two hours
//   by a credit note (the items CANCELLED); a later entry that would fall after now is not made, as in a live system;
//   the invoice's paid and credited amounts, status and version follow from them;
// - counters (MR, visit, accession, invoice and credit-note numbers) at the last number used.
// Not written: the audit entries, outbox events and PDF jobs of that history (nothing downstream hears of it: cases and
// the LIMS know only what the benchmark registers through the API); the finance dashboard's summed days are left to
// the dashboard, which sums finished days the first time it is read (the benchmark reads it once before timing it).
import pg from 'pg';
import { infraEnv } from '@rayworks/testing';
import { DEFAULT_CENTRE_TIME_ZONE } from '@rayworks/contracts';
import { HOLIDAYS, LAB, PACKAGES, RADIOLOGY } from './billing-catalogue.mjs';

/** Days of history, the last one today (so two financial years). */
export const VISIT_DAYS = Number(process.env.BENCH_VISIT_DAYS ?? 400);
const ZONE = DEFAULT_CENTRE_TIME_ZONE;
/** Opening hours on the centre's clock: 07:00 for 15 hours (the last hour is night: the window starts at 21:00). */
const OPENS_MINUTE = 7 * 60;
const OPEN_MINUTES = 15 * 60;

const MALE = `Aarav Abhishek Aditya Ajay Akash Amit Anand Anil Ankit Arjun Arun Ashok Deepak Dev Dinesh Gaurav Govind
  Harish Hemant Imran Jagdish Karan Kiran Krishna Kunal Manoj Mohan Mukesh Naveen Nikhil Nitin Pankaj Prakash Pranav
  Rahul Raj Rajesh Rakesh Ramesh Ravi Rohit Sachin Sanjay Santosh Satish Shankar Siddharth Suresh Sunil Tarun Umesh
  Varun Vijay Vikram Vinod Vivek Yash Yusuf Zubair Farhan Joseph Thomas Francis Gurpreet Harpreet Balaji Venkat`
  .split(/\s+/)
  .filter(Boolean);
const FEMALE =
  `Aarti Aishwarya Ananya Anita Anjali Anusha Aparna Archana Bhavana Chitra Deepa Divya Fatima Gayatri Geeta
  Ishita Jaya Jyoti Kavita Kavya Lakshmi Latha Madhuri Meena Meera Neha Nisha Pooja Priya Radha Rani Rekha Ritu Sakshi
  Sangeeta Sarita Shalini Shanti Shreya Sneha Sonal Sunita Swati Tanvi Uma Usha Vandana Vidya Zainab Ayesha Mary
  Grace Simran Manpreet Revathi Saranya Keerthana Nandini Pallavi Rupa Seema`
    .split(/\s+/)
    .filter(Boolean);
const FAMILY = `Agarwal Ahmed Bajaj Banerjee Bhat Bose Chandra Chatterjee Chauhan Chopra Das Desai Dubey Dutta Gandhi
  Ghosh Goswami Gupta Iyer Jain Joshi Kapoor Khan Kulkarni Kumar Malhotra Mehta Menon Mishra Mukherjee Nair Naidu
  Pandey Patel Pillai Prasad Rao Reddy Saxena Sen Shah Sharma Shetty Singh Sinha Srinivasan Subramanian Thakur
  Tiwari Trivedi Varma Verma Yadav Qureshi Fernandes DSouza Gill Sandhu Hegde Kamath Krishnan Raman Naik Pawar
  Shinde Jadhav Kaur Ali Siddiqui`
  .split(/\s+/)
  .filter(Boolean);

/** The catalogue as rows: index (0..27: the visit's items are index s + 7j, three apart at most, so never twice). */
function catalogueRows(catalogue) {
  const entries = [
    ...RADIOLOGY.map(([code, name, modality, bodyPart]) => ({
      code,
      name,
      tests: [{ code, name, kind: 'RADIOLOGY', modality, bodyPart, sampleType: null }],
    })),
    ...LAB.map(([code, name, sampleType]) => ({
      code,
      name,
      tests: [{ code, name, kind: 'LAB', modality: null, bodyPart: null, sampleType }],
    })),
    ...PACKAGES.map(([code, name, testCodes]) => ({
      code,
      name,
      packageCode: code,
      tests: testCodes.map((t) => {
        const [, testName, sampleType] = LAB.find(([c]) => c === t);
        return { code: t, name: testName, kind: 'LAB', modality: null, bodyPart: null, sampleType };
      }),
    })),
  ];
  if (entries.length !== 28) throw new Error(`the catalogue has ${entries.length} entries, the load assumes 28`);
  return entries.map((e, idx) => {
    const price = catalogue.prices.get(e.code);
    if (!price) throw new Error(`no price for ${e.code}`);
    return { idx, ...e, price };
  });
}

/** An RFC 9562 version-4-shaped uuid from a text (md5: the same text, the same id), as the worklist seed makes them. */
const UID_FUNCTION = `
  CREATE FUNCTION pg_temp.uid(text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
    SELECT overlay(overlay(md5($1) placing '4' from 13 for 1)
             placing substr('89ab', 1 + get_byte(decode(md5($1), 'hex'), 8) % 4, 1) from 17 for 1)::uuid
  $$`;
/** A number from 0 to 2^31 − 1 from a text (for names, phones, birth dates). */
const HASH_FUNCTION = `
  CREATE FUNCTION pg_temp.h(text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
    SELECT ('x' || substr(md5($1), 1, 8))::bit(32)::bigint & 2147483647
  $$`;
/** Whole minor units as the exact text the service writes: major units with two decimals ('3250.00'). */
const EXACT = (minor) => `round((${minor})::numeric / 100, 2)`;

/**
 * Writes the company's history; `company` from provisionBenchCompany, `catalogue` from setUpBilling. One session
 * (its scratch tables are temporary), the tenant set for it; each table its own transaction, the counters last.
 */
export async function fillCompany({ company, catalogue, invoices, step }) {
  const client = new pg.Client({ connectionString: infraEnv().ownerDatabaseUrl, application_name: 'bench-billing' });
  await client.connect();
  const t0 = Date.now();
  const run = async (label, sql, params = []) => {
    const started = Date.now();
    const res = await client.query(sql, params);
    step(`${label}: ${res.rowCount ?? ''} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return res;
  };
  try {
    await client.query(`SELECT set_config('app.tenant_id', $1, false)`, [company.tenantId]);
    await client.query(`SET work_mem = '256MB'`);
    await client.query(`SET temp_buffers = '256MB'`);
    await client.query(`SELECT setseed(0.22)`);
    await client.query(UID_FUNCTION);
    await client.query(HASH_FUNCTION);
    const tenant = company.tenantId;
    const cat = catalogueRows(catalogue);

    // the centres (1..20) and the catalogue as scratch tables
    await client.query(
      `
      CREATE TEMP TABLE bc AS
      SELECT c::int AS c, id::uuid, code, group_id::uuid, desk_id::uuid, desk_login
      FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
        AS u(c, id, code, group_id, desk_id, desk_login)`,
      [
        company.centres.map((_, i) => i + 1),
        company.centres.map((c) => c.id),
        company.centres.map((c) => c.code),
        company.centres.map((c) => c.groupId),
        company.centres.map((c) => c.desk.id),
        company.centres.map((c) => c.desk.login),
      ],
    );
    await client.query(
      `
      CREATE TEMP TABLE bcat AS
      SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::uuid[], $5::bigint[], $6::bigint[], $7::bigint[])
        AS u(idx, code, name, price_id, normal_minor, holiday_minor, night_minor)`,
      [
        cat.map((e) => e.idx),
        cat.map((e) => e.code),
        cat.map((e) => e.name),
        cat.map((e) => e.price.price_id),
        cat.map((e) => e.price.normal_minor),
        cat.map((e) => e.price.holiday_minor),
        cat.map((e) => e.price.night_minor),
      ],
    );
    const tests = cat.flatMap((e) =>
      e.tests.map((t, pos) => ({ idx: e.idx, pos, packageCode: e.packageCode ?? null, ...t })),
    );
    await client.query(
      `
      CREATE TEMP TABLE btest AS
      SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                           $9::text[])
        AS u(idx, pos, code, name, kind, modality, body_part, sample_type, package_code)`,
      [
        tests.map((t) => t.idx),
        tests.map((t) => t.pos),
        tests.map((t) => t.code),
        tests.map((t) => t.name),
        tests.map((t) => t.kind),
        tests.map((t) => t.modality),
        tests.map((t) => t.bodyPart),
        tests.map((t) => t.sampleType),
        tests.map((t) => t.packageCode),
      ],
    );

    // visits on the opening-hours timeline: VISIT_DAYS − 1 whole days, then today up to a few minutes ago
    await run(
      'visits (scratch)',
      `
      CREATE TEMP TABLE bv0 AS
      WITH clock AS (
        SELECT (now() AT TIME ZONE '${ZONE}')::date AS today,
               greatest(0, least(${OPEN_MINUTES},
                 extract(epoch FROM (now() AT TIME ZONE '${ZONE}')
                   - ((now() AT TIME ZONE '${ZONE}')::date + interval '${OPENS_MINUTE} minutes')) / 60 - 10)) AS today_minutes
      ), span AS (
        SELECT today - ($2::int - 1) AS first_day, ($2::int - 1) * ${OPEN_MINUTES}::float8 + today_minutes AS minutes
        FROM clock
      ), d AS (
        SELECT n,
               least(20, 1 + floor(20 * power(random(), 1.6))::int) AS c,
               ((n - random()) / $1::int) * span.minutes AS m,
               span.first_day,
               random() AS r_items, random() AS r_start, random() AS r_disc, random() AS r_new, random() AS r_pick,
               random() AS r_pay, random() AS r_mode, random() AS r_mode2, random() AS r_delay, random() AS r_part,
               random() AS r_ms
        FROM generate_series(1, $1::int) AS n, span
        OFFSET 0
      ), t AS (
        SELECT d.*,
               (first_day + floor(m / ${OPEN_MINUTES})::int)::timestamp + interval '${OPENS_MINUTE} minutes'
                 + (m - floor(m / ${OPEN_MINUTES}) * ${OPEN_MINUTES}) * interval '1 minute' AS local_ts
        FROM d
      )
      SELECT t.n, t.c, t.local_ts, t.local_ts::date AS local_date,
             t.local_ts AT TIME ZONE '${ZONE}' AS issued_at,
             CASE WHEN extract(month FROM t.local_ts) >= 4 THEN extract(year FROM t.local_ts)::int
                  ELSE extract(year FROM t.local_ts)::int - 1 END AS fy_start,
             CASE WHEN t.local_ts::time >= time '21:00' OR t.local_ts::time < time '07:00' THEN 'night'
                  WHEN t.local_ts::date = ANY($3::date[]) THEN 'holiday' ELSE 'normal' END AS price_kind,
             CASE WHEN r_items < 0.6 THEN 1 WHEN r_items < 0.9 THEN 2 ELSE 3 END AS k,
             floor(r_start * 28)::int AS s,
             r_disc < 0.05 AS discounted,
             r_new, r_pick, r_pay, r_mode, r_mode2, r_delay, r_part, r_ms
      FROM t`,
      [invoices, VISIT_DAYS, HOLIDAYS.map(([d]) => d)],
    );

    // numbers in issue order: the centre's visit number, its invoice number of the financial year, and the patient
    await run(
      'visits numbered (scratch)',
      `
      CREATE TEMP TABLE bv AS
      SELECT b.*,
             CASE WHEN is_new THEN patients_so_far ELSE 1 + floor(r_pick * patients_so_far)::int END AS pk
      FROM (
        SELECT a.*, sum(is_new::int) OVER (PARTITION BY c ORDER BY issued_at, n) AS patients_so_far
        FROM (
          SELECT v.*,
                 row_number() OVER (PARTITION BY c ORDER BY issued_at, n) AS visit_seq,
                 row_number() OVER (PARTITION BY c, fy_start ORDER BY issued_at, n) AS invoice_seq,
                 (r_new < 0.3 OR row_number() OVER (PARTITION BY c ORDER BY issued_at, n) = 1) AS is_new
          FROM bv0 v
        ) a
      ) b`,
    );
    await client.query(`DROP TABLE bv0`);
    await client.query(`CREATE UNIQUE INDEX ON bv (n)`);
    await client.query(`ANALYZE bv`);

    // lines and the visit's totals (exempt items: total = gross − discount, nothing to round)
    await run(
      'lines (scratch)',
      `
      CREATE TEMP TABLE bl AS
      SELECT v.n, j AS position, x.idx, x.code, x.name, x.price_id,
             CASE v.price_kind WHEN 'night' THEN x.night_minor WHEN 'holiday' THEN x.holiday_minor
                  ELSE x.normal_minor END AS unit_minor,
             CASE WHEN j = 0 AND v.discounted THEN 5000 ELSE 0 END AS discount_minor
      FROM bv v CROSS JOIN LATERAL generate_series(0, v.k - 1) AS j
      JOIN bcat x ON x.idx = (v.s + 7 * j) % 28`,
    );
    await run(
      'visit totals and payment plan (scratch)',
      `
      CREATE TEMP TABLE bt AS
      SELECT v.n, s.gross, s.discount, s.gross - s.discount AS total,
             CASE WHEN v.r_pay < 0.80 THEN 'full' WHEN v.r_pay < 0.88 THEN 'part-settled' WHEN v.r_pay < 0.92 THEN 'part'
                  WHEN v.r_pay < 0.975 THEN 'later' WHEN v.r_pay < 0.995 THEN 'unpaid' ELSE 'cancel' END AS plan
      FROM bv v JOIN (SELECT n, sum(unit_minor) AS gross, sum(discount_minor) AS discount FROM bl GROUP BY n) s USING (n)`,
    );
    await client.query(`CREATE UNIQUE INDEX ON bt (n)`);

    // payments: the desk's (with the visit) and a later one; none dated after now
    await run(
      'payments (scratch)',
      `
      CREATE TEMP TABLE bp AS
      WITH planned AS (
        SELECT v.n, v.c, v.issued_at, t.total, t.plan, v.r_mode, v.r_mode2, v.r_delay, v.r_ms,
               -- a part payment: 30–70 % of the total in whole rupees × 100, at least ₹100 and less than the total
               least(t.total - 100, greatest(10000, floor(t.total * (0.3 + 0.4 * v.r_part) / 10000) * 10000)) AS part
        FROM bv v JOIN bt t USING (n)
      )
      SELECT n, 0 AS which,
             CASE WHEN plan = 'full' THEN total ELSE part END AS amount,
             CASE WHEN r_mode < 0.45 THEN 'CASH' WHEN r_mode < 0.80 THEN 'UPI' WHEN r_mode < 0.97 THEN 'CARD'
                  ELSE 'CHEQUE' END AS mode,
             issued_at + interval '120 ms' + r_ms * interval '80 ms' AS taken_at,
             issued_at - interval '90 ms' AS created_at
      FROM planned WHERE plan IN ('full', 'part-settled', 'part') AND total > 0
      UNION ALL
      SELECT n, 1,
             CASE WHEN plan = 'later' THEN total ELSE total - part END,
             CASE WHEN r_mode2 < 0.3 THEN 'CASH' WHEN r_mode2 < 0.7 THEN 'UPI' WHEN r_mode2 < 0.9 THEN 'CARD'
                  ELSE 'CREDIT' END,
             later, later - interval '40 ms'
      FROM (
        SELECT p.*, issued_at + CASE WHEN plan = 'later' THEN interval '1 hour' + r_delay * interval '30 days'
                                     ELSE interval '1 day' + r_delay * interval '9 days' END AS later
        FROM planned p WHERE plan IN ('later', 'part-settled') AND total > 0
      ) l
      WHERE later < now() - interval '5 minutes'`,
    );
    // credit notes of cancelled visits (within two hours, not after now), numbered per centre and financial year
    await run(
      'credit notes (scratch)',
      `
      CREATE TEMP TABLE bn AS
      SELECT x.*, row_number() OVER (PARTITION BY c, fy_start ORDER BY issued_at, n) AS seq
      FROM (
        SELECT v.n, v.c, t.total, at AS issued_at, at - interval '80 ms' AS created_at,
               CASE WHEN extract(month FROM at AT TIME ZONE '${ZONE}') >= 4 THEN extract(year FROM at AT TIME ZONE '${ZONE}')::int
                    ELSE extract(year FROM at AT TIME ZONE '${ZONE}')::int - 1 END AS fy_start
        FROM bv v JOIN bt t USING (n)
        CROSS JOIN LATERAL (SELECT v.issued_at + interval '10 minutes' + v.r_delay * interval '110 minutes' AS at) a
        WHERE t.plan = 'cancel' AND t.total > 0 AND at < now() - interval '5 minutes'
      ) x`,
    );
    await run(
      'invoice amounts (scratch)',
      `
      CREATE TEMP TABLE ba AS
      SELECT t.n, t.total,
             coalesce(p.paid, 0) AS paid, coalesce(p.entries, 0) AS entries,
             CASE WHEN cn.n IS NULL THEN 0 ELSE t.total END AS credited,
             greatest(v.issued_at - interval '90 ms', p.last_change, cn.created_at) AS updated_at
      FROM bt t JOIN bv v USING (n)
      LEFT JOIN (SELECT n, sum(amount) AS paid, count(*) AS entries, max(created_at) AS last_change FROM bp GROUP BY n) p
        USING (n)
      LEFT JOIN bn cn USING (n)`,
    );
    await client.query(`CREATE UNIQUE INDEX ON ba (n)`);

    const fy = (start) => `(${start})::text || '-' || lpad((((${start}) + 1) % 100)::text, 2, '0')`;
    await client.query('BEGIN');
    await run(
      'billing.patients',
      `
      INSERT INTO billing.patients (id, tenant_id, centre_id, group_id, mr_number, patient_name, gender, date_of_birth,
        age_years, age_recorded_on, phone_number, merged_into, created_at, updated_at)
      SELECT pg_temp.uid($1 || ':patient:' || v.c || ':' || v.pk), $1::uuid, bc.id, bc.group_id,
             bc.code || '-' || lpad(v.pk::text, 6, '0'),
             CASE WHEN female THEN ($3::text[])[1 + h1 % array_length($3::text[], 1)]
                  ELSE ($2::text[])[1 + h1 % array_length($2::text[], 1)] END
               || ' ' || ($4::text[])[1 + h2 % array_length($4::text[], 1)],
             CASE WHEN female THEN 'Female' ELSE 'Male' END,
             CASE WHEN h3 % 5 <> 0 THEN date '1940-01-01' + (h3 % 29000)::int END,
             CASE WHEN h3 % 5 = 0 THEN (18 + h3 % 60)::int END,
             CASE WHEN h3 % 5 = 0 THEN v.local_date END,
             '9' || lpad((h4 % 1000000000)::text, 9, '0'),
             NULL, v.issued_at - interval '45 seconds', v.issued_at - interval '45 seconds'
      FROM (
        SELECT v.*, pg_temp.h($1 || ':pn1:' || v.n) AS h1, pg_temp.h($1 || ':pn2:' || v.n) AS h2,
               pg_temp.h($1 || ':pn3:' || v.n) AS h3, pg_temp.h($1 || ':pn4:' || v.n) AS h4,
               pg_temp.h($1 || ':pg:' || v.n) % 2 = 0 AS female
        FROM bv v WHERE v.is_new
      ) v JOIN bc USING (c)`,
      [tenant, MALE, FEMALE, FAMILY],
    );
    await client.query('COMMIT');

    await client.query('BEGIN');
    await run(
      'billing.invoices',
      `
      INSERT INTO billing.invoices (id, tenant_id, centre_id, group_id, patient_id, patient_name, mr_number,
        registration_id, number, financial_year, sequence, issued_at, issued_on, currency, gross_minor, discount_exact,
        taxable_exact, cgst_exact, sgst_exact, igst_exact, total_exact, round_off_exact, total_minor, credited_minor,
        paid_minor, status, version, created_at, updated_at)
      SELECT pg_temp.uid($1 || ':invoice:' || v.n), $1::uuid, bc.id, bc.group_id, p.id, p.patient_name, p.mr_number,
             pg_temp.uid($1 || ':registration:' || v.n),
             bc.code || '/' || ${fy('v.fy_start')} || '/' || lpad(v.invoice_seq::text, 6, '0'),
             ${fy('v.fy_start')}, v.invoice_seq, v.issued_at, v.local_date, 'INR', t.gross,
             ${EXACT('t.discount')}, ${EXACT('t.total')}, 0.00, 0.00, 0.00, ${EXACT('t.total')}, 0.00, t.total,
             a.credited, a.paid,
             CASE WHEN a.credited > 0 AND a.total - a.credited = 0 THEN 'CANCELLED'
                  WHEN a.paid >= a.total - a.credited THEN 'PAID' WHEN a.paid = 0 THEN 'UNPAID' ELSE 'PART_PAID' END,
             1 + a.entries + (a.credited > 0)::int,
             v.issued_at - interval '90 ms', a.updated_at
      FROM bv v JOIN bc USING (c) JOIN bt t USING (n) JOIN ba a USING (n)
      JOIN billing.patients p ON p.id = pg_temp.uid($1 || ':patient:' || v.c || ':' || v.pk)
      ORDER BY v.n`,
      [tenant],
    );
    await client.query('COMMIT');

    await client.query('BEGIN');
    await run(
      'billing.invoice_lines',
      `
      INSERT INTO billing.invoice_lines (id, tenant_id, invoice_id, position, line_id, code, name, price_kind,
        unit_minor, quantity, discount, tax, rate_card_price_id, gross_minor, discount_exact, taxable_exact, cgst_exact,
        sgst_exact, igst_exact, total_exact, created_at, updated_at)
      SELECT pg_temp.uid($1 || ':line:' || l.n || ':' || l.position), $1::uuid, pg_temp.uid($1 || ':invoice:' || l.n),
             l.position, (l.position + 1)::text, l.code, l.name, v.price_kind, l.unit_minor, 1,
             CASE WHEN l.discount_minor > 0 THEN jsonb_build_object('kind', 'amount', 'amountMinor', l.discount_minor) END,
             '{"kind": "exempt"}'::jsonb, l.price_id, l.unit_minor, ${EXACT('l.discount_minor')},
             ${EXACT('l.unit_minor - l.discount_minor')}, 0.00, 0.00, 0.00, ${EXACT('l.unit_minor - l.discount_minor')},
             v.issued_at - interval '90 ms', v.issued_at - interval '90 ms'
      FROM bl l JOIN bv v USING (n)
      ORDER BY l.n, l.position`,
      [tenant],
    );
    await client.query('COMMIT');

    await client.query('BEGIN');
    await run(
      'billing.registrations',
      `
      INSERT INTO billing.registrations (id, tenant_id, centre_id, group_id, patient_id, registration_number,
        referral_id, referral_name, provider_kind, price_kind, invoice_id, request_key, registered_by, registered_at)
      SELECT pg_temp.uid($1 || ':registration:' || v.n), $1::uuid, bc.id, bc.group_id,
             pg_temp.uid($1 || ':patient:' || v.c || ':' || v.pk),
             bc.code || '-V' || lpad(v.visit_seq::text, 6, '0'), NULL, NULL, 'Internal', v.price_kind,
             pg_temp.uid($1 || ':invoice:' || v.n), pg_temp.uid($1 || ':request:' || v.n)::text, bc.desk_id,
             v.issued_at - interval '90 ms'
      FROM bv v JOIN bc USING (c)
      ORDER BY v.n`,
      [tenant],
    );
    await client.query('COMMIT');

    // the items ordered: each line's tests (a package expanded), numbered across the visit; radiology items take the
    // company's accession numbers in registration order
    await client.query('BEGIN');
    await run(
      'billing.registration_items',
      `
      INSERT INTO billing.registration_items (id, tenant_id, registration_id, position, line_code, kind, code, name,
        modality, body_part, sample_type, package_code, accession_number, status, cancelled_at, cancelled_by,
        cancel_reason)
      SELECT pg_temp.uid($1 || ':item:' || i.n || ':' || i.position), $1::uuid,
             pg_temp.uid($1 || ':registration:' || i.n), i.position, i.line_code, i.kind, i.code, i.name, i.modality,
             i.body_part, i.sample_type, i.package_code,
             CASE WHEN i.kind = 'RADIOLOGY'
                  THEN lpad((row_number() OVER (PARTITION BY i.kind = 'RADIOLOGY' ORDER BY i.registered, i.n, i.position))::text,
                            10, '0') END,
             CASE WHEN cn.n IS NULL THEN 'ORDERED' ELSE 'CANCELLED' END,
             cn.created_at, CASE WHEN cn.n IS NOT NULL THEN i.desk_id END,
             CASE WHEN cn.n IS NOT NULL THEN 'Patient did not wait' END
      FROM (
        SELECT l.n, v.issued_at AS registered, bc.desk_id, l.code AS line_code, t.code, t.name, t.kind, t.modality,
               t.body_part, t.sample_type, t.package_code,
               (row_number() OVER (PARTITION BY l.n ORDER BY l.position, t.pos) - 1)::int AS position
        FROM bl l JOIN btest t USING (idx) JOIN bv v USING (n) JOIN bc USING (c)
      ) i
      LEFT JOIN bn cn USING (n)
      ORDER BY i.n, i.position`,
      [tenant],
    );
    await client.query('COMMIT');

    await client.query('BEGIN');
    await run(
      'billing.payments',
      `
      INSERT INTO billing.payments (id, tenant_id, invoice_id, centre_id, group_id, kind, amount_minor, currency, mode,
        reference, reason, idempotency_key, taken_at, taken_by, taken_by_name, created_at, updated_at)
      SELECT pg_temp.uid($1 || ':payment:' || p.n || ':' || p.which), $1::uuid, pg_temp.uid($1 || ':invoice:' || p.n),
             bc.id, bc.group_id, 'PAYMENT', p.amount, 'INR', p.mode,
             CASE WHEN p.mode = 'CHEQUE' THEN 'CHQ' || lpad((p.n % 1000000)::text, 6, '0') END, NULL,
             CASE WHEN p.which = 0 THEN 'registration:' || pg_temp.uid($1 || ':request:' || p.n)::text
                  ELSE pg_temp.uid($1 || ':payment-key:' || p.n)::text END,
             p.taken_at, bc.desk_id, bc.desk_login, p.created_at, p.created_at
      FROM bp p JOIN bv v USING (n) JOIN bc USING (c)
      ORDER BY p.taken_at`,
      [tenant],
    );
    await run(
      'billing.credit_notes',
      `
      INSERT INTO billing.credit_notes (id, tenant_id, invoice_id, centre_id, group_id, number, financial_year,
        sequence, amount_minor, currency, reason, idempotency_key, issued_at, issued_by, created_at, updated_at)
      SELECT pg_temp.uid($1 || ':credit-note:' || n.n), $1::uuid, pg_temp.uid($1 || ':invoice:' || n.n), bc.id,
             bc.group_id, 'CN/' || bc.code || '/' || ${fy('n.fy_start')} || '/' || lpad(n.seq::text, 6, '0'),
             ${fy('n.fy_start')}, n.seq, n.total, 'INR', 'Patient did not wait',
             'cancel:' || pg_temp.uid($1 || ':cancel:' || n.n)::text, n.issued_at, bc.desk_id, n.created_at,
             n.created_at
      FROM bn n JOIN bc USING (c)
      ORDER BY n.issued_at`,
      [tenant],
    );
    await client.query('COMMIT');

    // every counter at the last number used: the desk's next number follows without a gap
    await client.query('BEGIN');
    await run(
      'counters',
      `
      WITH mr AS (
        INSERT INTO billing.mr_counters (tenant_id, centre_id, last_number)
        SELECT $1::uuid, bc.id, max(v.pk) FROM bv v JOIN bc USING (c) GROUP BY bc.id
        ON CONFLICT (centre_id) DO UPDATE SET last_number = EXCLUDED.last_number RETURNING 1
      ), visits AS (
        INSERT INTO billing.registration_counters (tenant_id, centre_id, last_number)
        SELECT $1::uuid, bc.id, max(v.visit_seq) FROM bv v JOIN bc USING (c) GROUP BY bc.id
        ON CONFLICT (centre_id) DO UPDATE SET last_number = EXCLUDED.last_number RETURNING 1
      ), accessions AS (
        INSERT INTO billing.accession_counters (tenant_id, last_number)
        SELECT $1::uuid, count(*) FROM billing.registration_items WHERE accession_number IS NOT NULL
        ON CONFLICT (tenant_id) DO UPDATE SET last_number = EXCLUDED.last_number RETURNING 1
      ), documents AS (
        INSERT INTO billing.document_counters (tenant_id, centre_id, financial_year, series, last_number)
        SELECT $1::uuid, bc.id, ${fy('x.fy_start')}, x.series, x.last_number
        FROM (SELECT c, fy_start, 'INVOICE' AS series, max(invoice_seq) AS last_number FROM bv GROUP BY c, fy_start
              UNION ALL
              SELECT c, fy_start, 'CREDIT_NOTE', max(seq) FROM bn GROUP BY c, fy_start) x
        JOIN bc USING (c)
        ON CONFLICT (centre_id, financial_year, series) DO UPDATE SET last_number = EXCLUDED.last_number RETURNING 1
      )
      SELECT (SELECT count(*) FROM mr) + (SELECT count(*) FROM visits) + (SELECT count(*) FROM accessions)
             + (SELECT count(*) FROM documents) AS n`,
      [tenant],
    );
    await client.query('COMMIT');
    step(`loaded in ${((Date.now() - t0) / 1000).toFixed(0)} s; VACUUM ANALYZE of the tables written`);
    for (const table of [
      'patients',
      'invoices',
      'invoice_lines',
      'registrations',
      'registration_items',
      'payments',
      'credit_notes',
    ])
      await client.query(`VACUUM (ANALYZE) billing.${table}`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Removes a company's front-desk rows (a load cut short, before it is made again): what refers to invoices and
 * patients first, then them, then the counters and the dashboard's summed days. Never run on another company: the
 * statements run inside the bench company's tenant (row-level security).
 */
export async function removeFrontDesk(tenantId, inTenant) {
  await inTenant(tenantId, async (c) => {
    for (const table of [
      'payment_link_events',
      'payment_links',
      'documents',
      'credit_notes',
      'payments',
      'registration_items',
      'registrations',
      'invoice_lines',
      'invoices',
      'patients',
      'mr_counters',
      'registration_counters',
      'accession_counters',
      'document_counters',
      'finance_days',
      'finance_day_modes',
      'finance_frontiers',
      'day_closings',
    ])
      await c.query(`DELETE FROM billing.${table}`);
  });
}

/**
 * What the desk relies on, checked on the company's rows (after a load, and on a kept company before each run): every
 * counter at the last number used, numbers without a gap or a double, each invoice's amounts and status as its lines,
 * payments and credit notes give them. Answers the failed checks' names with their counts (empty: all hold).
 */
export async function checkCompany(tenantId, inTenant) {
  return inTenant(tenantId, async (c) => {
    const checks = {
      'invoice numbers per centre and year: 1..n, counter at n': `
        SELECT count(*) FROM (
          SELECT i.centre_id, i.financial_year, count(*) AS n, count(DISTINCT i.sequence) AS d, max(i.sequence) AS top,
                 max(dc.last_number) AS counter,
                 bool_and(i.number = split_part(i.number, '/', 1) || '/' || i.financial_year || '/'
                          || lpad(i.sequence::text, 6, '0')) AS written
          FROM billing.invoices i
          LEFT JOIN billing.document_counters dc
            ON dc.centre_id = i.centre_id AND dc.financial_year = i.financial_year AND dc.series = 'INVOICE'
          GROUP BY 1, 2) x
        WHERE n <> d OR top <> n OR counter IS DISTINCT FROM n OR NOT written`,
      'credit note numbers per centre and year: 1..n, counter at n': `
        SELECT count(*) FROM (
          SELECT n.centre_id, n.financial_year, count(*) AS n, count(DISTINCT n.sequence) AS d, max(n.sequence) AS top,
                 max(dc.last_number) AS counter
          FROM billing.credit_notes n
          LEFT JOIN billing.document_counters dc
            ON dc.centre_id = n.centre_id AND dc.financial_year = n.financial_year AND dc.series = 'CREDIT_NOTE'
          GROUP BY 1, 2) x
        WHERE n <> d OR top <> n OR counter IS DISTINCT FROM n`,
      'MR numbers per centre: 1..n, counter at n': `
        SELECT count(*) FROM (
          SELECT p.centre_id, count(*) AS n, count(DISTINCT p.mr_number) AS d,
                 max(split_part(p.mr_number, '-', 2)::bigint) AS top, max(mc.last_number) AS counter
          FROM billing.patients p LEFT JOIN billing.mr_counters mc ON mc.centre_id = p.centre_id
          GROUP BY 1) x
        WHERE n <> d OR top <> n OR counter IS DISTINCT FROM n`,
      'visit numbers per centre: 1..n, counter at n': `
        SELECT count(*) FROM (
          SELECT r.centre_id, count(*) AS n, count(DISTINCT r.registration_number) AS d,
                 max(split_part(r.registration_number, '-V', 2)::bigint) AS top, max(rc.last_number) AS counter
          FROM billing.registrations r LEFT JOIN billing.registration_counters rc ON rc.centre_id = r.centre_id
          GROUP BY 1) x
        WHERE n <> d OR top <> n OR counter IS DISTINCT FROM n`,
      'accession numbers: 1..n, counter at n': `
        SELECT count(*) FROM (
          SELECT count(*) AS n, count(DISTINCT accession_number) AS d, max(accession_number::bigint) AS top,
                 (SELECT last_number FROM billing.accession_counters) AS counter
          FROM billing.registration_items WHERE accession_number IS NOT NULL) x
        WHERE n > 0 AND (n <> d OR top <> n OR counter IS DISTINCT FROM n)`,
      'invoice totals are the sums of their lines': `
        SELECT count(*) FROM billing.invoices i
        JOIN (SELECT invoice_id, sum(gross_minor) AS gross, sum(total_exact) AS total FROM billing.invoice_lines
              GROUP BY 1) l ON l.invoice_id = i.id
        WHERE l.gross <> i.gross_minor OR l.total <> i.total_exact OR i.total_minor <> round(i.total_exact * 100)`,
      'paid = payments − refunds, credited = credit notes, status and version follow': `
        SELECT count(*) FROM billing.invoices i
        LEFT JOIN (SELECT invoice_id, sum(CASE kind WHEN 'PAYMENT' THEN amount_minor ELSE -amount_minor END) AS paid,
                          count(*) AS entries
                   FROM billing.payments GROUP BY 1) p ON p.invoice_id = i.id
        LEFT JOIN (SELECT invoice_id, sum(amount_minor) AS credited, count(*) AS notes FROM billing.credit_notes
                   GROUP BY 1) n ON n.invoice_id = i.id
        WHERE i.paid_minor <> coalesce(p.paid, 0) OR i.credited_minor <> coalesce(n.credited, 0)
           OR i.version <> 1 + coalesce(p.entries, 0) + coalesce(n.notes, 0)
           OR i.status <> CASE WHEN i.credited_minor > 0 AND i.total_minor = i.credited_minor THEN 'CANCELLED'
                               WHEN i.paid_minor >= i.total_minor - i.credited_minor THEN 'PAID'
                               WHEN i.paid_minor = 0 THEN 'UNPAID' ELSE 'PART_PAID' END`,
      'a visit and its invoice name each other': `
        SELECT count(*) FROM billing.registrations r JOIN billing.invoices i ON i.id = r.invoice_id
        WHERE i.registration_id IS DISTINCT FROM r.id OR i.patient_id <> r.patient_id OR i.centre_id <> r.centre_id`,
    };
    const failed = {};
    for (const [name, sql] of Object.entries(checks)) {
      const n = Number((await c.query(sql)).rows[0].count);
      if (n !== 0) failed[name] = n;
    }
    return failed;
  });
}
