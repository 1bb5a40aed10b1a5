// The data of `npm run bench:billing` (issue 22's benchmark): one company of its own (`benchbill1m`, never the demo
// company) with 4 groups of 5 centres (20), an administrator, a receptionist per centre (the desks) and one more at the
// first centre (the burst of concurrent issues), provisioned through auth's tenant CLI as the tests do; its catalogue,
// rate card, centre settings and holidays through the API as an administrator sets them up; then a year and more of
// front-desk work written in bulk as the owner inside the tenant (row-level security is forced on the owner), shaped as
// the services write it (scripts/bench/billing-sql.mjs): patients with their MR numbers, visits with their items and
// accession numbers, invoices with their lines and gap-free numbers, payments (some invoices part-paid, some unpaid),
// credit notes, and every counter at the last number used, so the desk's next visit, invoice, MR and accession numbers
// continue without a gap. Idempotent: a company holding its invoices is found and kept; a load cut short is removed and
// made again (one transaction per table, the counters last).
import { performance } from 'node:perf_hooks';
import { BILLING_API, DEFAULT_CENTRE_TIME_ZONE, ROLE_CODES } from '@rayworks/contracts';
import { eventually, provisionTenant, TEST_PASSWORD } from '@rayworks/testing';
import { checkCompany, fillCompany, removeFrontDesk } from './billing-sql.mjs';
import {
  holidayPrice,
  HOLIDAYS,
  LAB,
  NIGHT_WINDOW,
  nightPrice,
  PACKAGES,
  RADIOLOGY,
  RATE_CARD,
} from './billing-catalogue.mjs';
import { api, ensure, inTenant as inTenantOf, signIn, step } from './lib.mjs';

/** Runs `work` in one transaction of the owner inside the tenant (the bench lib's, named bench-billing). */
export const inTenant = (tenantId, work) => inTenantOf(tenantId, work, 'bench-billing');
export { signIn };

export const BENCH_COMPANY = process.env.BENCH_BILLING_COMPANY ?? 'benchbill1m';
/** Invoices (one per visit) written in bulk. */
export const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000_000);
export const CENTRES = 20;
const GROUPS = 4;

const pad = (n) => String(n).padStart(2, '0');

export const loginOf = {
  admin: () => `${BENCH_COMPANY}.admin`,
  /** The receptionist of centre c (1-based): a desk. */
  desk: (c) => `${BENCH_COMPANY}.desk${pad(c)}`,
  /** A second receptionist of the first centre: the burst of concurrent registrations. */
  burst: () => `${BENCH_COMPANY}.burst`,
};
/** A centre's code: fit for invoice numbers as it is (INVOICE_CENTRE_CODE), unique to the company. */
export const centreCode = (c) => `BB${pad(c)}`;

export function tenantSpec() {
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
  const users = [user(loginOf.admin(), 'Admin', ROLE_CODES.ADMIN, {})];
  for (let c = 1; c <= CENTRES; c++)
    users.push(user(loginOf.desk(c), `Desk${c}`, ROLE_CODES.RECEPTIONIST, { centres: [`c${pad(c)}`] }));
  users.push(user(loginOf.burst(), 'Burst', ROLE_CODES.RECEPTIONIST, { centres: ['c01'] }));
  return {
    company: { name: `Bench billing ${BENCH_COMPANY}`, code: `bench-${BENCH_COMPANY}` },
    groups: Array.from({ length: GROUPS }, (_, g) => ({
      key: `g${g + 1}`,
      name: `Bench Billing Group ${g + 1}`,
      code: `BBG${g + 1}`,
    })),
    centres: Array.from({ length: CENTRES }, (_, c) => ({
      key: `c${pad(c + 1)}`,
      name: `Bench Billing Centre ${pad(c + 1)}`,
      code: centreCode(c + 1),
      group: `g${Math.floor(c / (CENTRES / GROUPS)) + 1}`,
    })),
    users,
  };
}

/** The company, its centres and users (idempotent: auth's provisioner finds what exists). */
export async function provisionBenchCompany() {
  const provisioned = await provisionTenant(tenantSpec());
  const centres = Array.from({ length: CENTRES }, (_, c) => ({
    id: provisioned.centres[`c${pad(c + 1)}`],
    code: centreCode(c + 1),
    groupId: provisioned.groups[`g${Math.floor(c / (CENTRES / GROUPS)) + 1}`],
    desk: { login: loginOf.desk(c + 1), id: provisioned.users[loginOf.desk(c + 1)] },
  }));
  return { ...provisioned, centres };
}

/**
 * The company's billing setup through the API, as an administrator makes it: billing learns the centres from auth's
 * events first; then each centre's clock (India's time zone, a night window) and holidays, the catalogue, and one
 * rate card assigned to every centre. Answers the ids of the catalogue's tests and packages and of the price rows.
 */
export async function setUpBilling(company) {
  const ids = company.centres.map((c) => c.id);
  await eventually(
    () =>
      inTenant(
        company.tenantId,
        async (c) =>
          (
            await c.query(`SELECT count(*)::int AS n FROM billing.centres WHERE kind = 'centre' AND id = ANY($1)`, [
              ids,
            ])
          ).rows[0].n,
      ),
    (n) => n === CENTRES,
    { what: "billing's read model of the bench company's centres", timeoutMs: 120_000, intervalMs: 500 },
  );
  const admin = (await signIn(loginOf.admin())).credentials;
  for (const centreId of ids)
    await api.call(
      BILLING_API.updateBillingSettings,
      {
        centreId,
        timeZone: DEFAULT_CENTRE_TIME_ZONE,
        nightWindow: NIGHT_WINDOW,
        discountLimits: [{ roleCode: ROLE_CODES.RECEPTIONIST, limitBasisPoints: 1000 }],
      },
      { session: admin },
    );
  for (const [date, name] of HOLIDAYS) await ensure(BILLING_API.createHoliday, { centreIds: ids, date, name }, admin);
  for (const [code, name, modality, bodyPart] of RADIOLOGY)
    await ensure(BILLING_API.createTest, { code, name, kind: 'RADIOLOGY', modality, bodyPart }, admin);
  for (const [code, name, sampleType] of LAB)
    await ensure(BILLING_API.createTest, { code, name, kind: 'LAB', sampleType }, admin);
  for (const [code, name, testCodes] of PACKAGES)
    await ensure(BILLING_API.createPackage, { code, name, testCodes }, admin);
  const price = (rupees) => ({
    price: String(rupees),
    holidayPrice: String(holidayPrice(rupees)),
    nightPrice: String(nightPrice(rupees)),
    processingFee: '0',
  });
  await ensure(
    BILLING_API.createRateCard,
    {
      name: RATE_CARD,
      validFrom: '2020-01-01',
      prices: [
        ...RADIOLOGY.map(([testCode, , , , rupees]) => ({ testCode, ...price(rupees) })),
        ...LAB.map(([testCode, , , rupees]) => ({ testCode, ...price(rupees) })),
        ...PACKAGES.map(([packageCode, , , rupees]) => ({ packageCode, ...price(rupees) })),
      ],
    },
    admin,
  );
  const catalogue = await inTenant(company.tenantId, async (c) => {
    const card = (await c.query(`SELECT id FROM billing.rate_cards WHERE name = $1`, [RATE_CARD])).rows[0];
    const { rows } = await c.query(
      `SELECT coalesce(t.code, k.code) AS code, coalesce(t.id, k.id) AS item_id, p.id AS price_id,
              p.normal_minor, p.holiday_minor, p.night_minor
       FROM billing.rate_card_prices p
       LEFT JOIN billing.tests t ON t.id = p.test_id LEFT JOIN billing.packages k ON k.id = p.package_id
       WHERE p.rate_card_id = $1
       ORDER BY code, p.valid_from DESC`,
      [card.id],
    );
    const latest = new Map();
    for (const r of rows) if (!latest.has(r.code)) latest.set(r.code, r);
    return { rateCardId: card.id, prices: latest };
  });
  await ensure(BILLING_API.assignRateCard, { rateCardId: catalogue.rateCardId, centreIds: ids }, admin);
  return catalogue;
}

/** The company's invoices, visits and patients (whatever the API or a load wrote). */
export async function frontDeskHeld(tenantId) {
  return inTenant(tenantId, async (c) => {
    const { rows } = await c.query(`
      SELECT (SELECT count(*) FROM billing.invoices)::int AS invoices,
             (SELECT count(*) FROM billing.patients)::int AS patients,
             (SELECT count(*) FROM billing.registrations)::int AS registrations,
             (SELECT count(*) FROM billing.payments)::int AS payments,
             -- written in the load's last transaction: without it a load was cut short
             EXISTS (SELECT 1 FROM billing.accession_counters) AS counted`);
    return rows[0];
  });
}

/**
 * Provisions and sets up the company, and loads its front-desk history unless it holds it already. Returns the
 * company, the catalogue and the seconds the load took (null when kept).
 */
export async function seedBilling() {
  step(`provisioning the bench company "${BENCH_COMPANY}" (auth's tenant CLI; idempotent)`);
  const company = await provisionBenchCompany();
  step('billing setup through the API: centre clocks, holidays, catalogue, rate card (idempotent)');
  const catalogue = await setUpBilling(company);
  const held = await frontDeskHeld(company.tenantId);
  if (held.invoices >= INVOICES && held.counted) {
    step(`reusing the bench company's ${held.invoices} invoices (${held.patients} patients)`);
    await checked(company);
    return { company, catalogue, held, loadedSeconds: null };
  }
  const started = performance.now();
  if (held.invoices > 0 || held.patients > 0) {
    step(`the bench company holds ${held.invoices} invoices of a load cut short: removing them to load again`);
    await removeFrontDesk(company.tenantId, inTenant);
  }
  step(`loading ${INVOICES} invoices with their visits, patients and payments (once, then kept)`);
  await fillCompany({ company, catalogue, invoices: INVOICES, inTenant, step });
  const loadedSeconds = (performance.now() - started) / 1000;
  await checked(company);
  return { company, catalogue, held: await frontDeskHeld(company.tenantId), loadedSeconds };
}

/** The company's numbers and amounts as the desk relies on them (checkCompany), or an error naming what failed. */
async function checked(company) {
  const started = performance.now();
  const failed = await checkCompany(company.tenantId, inTenant);
  if (Object.keys(failed).length > 0)
    throw new Error(`the bench company's rows fail the desk's checks: ${JSON.stringify(failed)}`);
  step(`counters, numbers and amounts checked (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
