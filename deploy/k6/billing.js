/* global __ENV, __VU, __ITER, open */
// k6: the registration desk at 1,000,000 invoices (issue 22's benchmark). Run by `npm run bench:billing`
// (scripts/bench/billing.mjs: it seeds the bench company `benchbill1m` and writes BILLING_DATA, the desks' logins,
// centres and patients), or by deploy/k6/run.sh with BILLING_DATA set. One virtual user per desk (VUS, default 20: a
// receptionist of each centre), through the gateway, each iteration what the console's registration screen sends:
//   search  the patient as the desk types (2–3 prefixes of the name, or of the phone number, or the MR number: the
//           screen's pick list /patient/lookup, 8 newest, no total), a short pause between keystrokes (SEARCH_PAUSE,
//           0.3 s ± 50 %);
//   preview the visit's price (/price/preview, 1–3 tests or packages) once the tests are picked;
//   register the visit with the desk's payment of its total (/registration/create: invoice, items, payment in one
//           step), after the desk has taken the money (THINK_SECONDS, 2 s ± 50 %), then the next patient after the
//           receipt is handed over (THINK_SECONDS again).
// Every answer must be a 2xx success: the error rate is the share of requests that were not. Loopback targets only.
// Ends with p95 and the error rate, overall and per request kind.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';

const BASE = __ENV.RAYWORKS_URL || 'http://127.0.0.1:8080';
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(BASE))
  fail(`refusing non-loopback target ${BASE}`);
if (!__ENV.BILLING_DATA) fail('BILLING_DATA: the bench data file written by scripts/bench/billing.mjs');
const DATA = JSON.parse(open(__ENV.BILLING_DATA));
const VUS = Number(__ENV.VUS || DATA.desks.length);
const DURATION = __ENV.DURATION || '60s';
const THINK = Number(__ENV.THINK_SECONDS || 2);
const SEARCH_PAUSE = Number(__ENV.SEARCH_PAUSE || 0.3);

const NAMES = ['search', 'preview', 'register'];

export const options = {
  scenarios: {
    desks: { executor: 'constant-vus', exec: 'desk', vus: VUS, duration: DURATION, gracefulStop: '10s' },
  },
  setupTimeout: '180s',
  thresholds: {
    // figures are printed and recorded in docs/benchmarks.md; the gate is that the calls succeed
    checks: ['rate>0.99'],
    'http_req_duration{kind:desk}': ['max>=0'],
    'http_req_failed{kind:desk}': ['rate>=0'],
    ...Object.fromEntries(NAMES.map((name) => [`http_req_duration{name:${name}}`, ['max>=0']])),
  },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max', 'count'],
};

function login(loginName) {
  const res = http.post(`${BASE}/api/auth/login`, null, {
    headers: { loginname: loginName, password: DATA.password },
    tags: { name: 'login' },
  });
  if (res.status !== 200) fail(`login ${loginName}: ${res.status} ${res.body}`);
  const data = res.json('data');
  const headers = {
    'Content-Type': 'application/json',
    'Accept-Encoding': 'gzip, deflate, br, zstd',
    Authorization: `Bearer ${data.token}`,
    'x-session-token': data.sessionToken,
    'x-session-enabled': 'true',
  };
  if (data.user.companyID) headers['x-company-id'] = data.user.companyID;
  if (data.groupID) headers['x-group-id'] = data.groupID;
  if (data.centerID && data.centerID.length) headers['x-center-ids'] = data.centerID.join(',');
  return headers;
}

/** One login per desk (argon2 costs), shared by the iterations. */
export function setup() {
  return { desks: DATA.desks.slice(0, VUS).map((d) => ({ headers: login(d.login), centreId: d.centreId })) };
}

const jitter = (seconds) => sleep(seconds * (0.5 + Math.random()));
const ok = (res) => res.status === 200 && res.json('status') === 'success';
let shown = 0;

/** A call of the billing service through the gateway; the privilege's module names the request's submodule. */
function call(session, path, submodule, body, name) {
  const res = http.post(`${BASE}/api/billing${path}`, JSON.stringify(body), {
    headers: { ...session.headers, 'x-submodule-type': submodule },
    tags: { name, kind: 'desk' },
  });
  if (!check(res, { success: ok }) && shown < 3) {
    shown++; // the first refusals of each virtual user, with the service's message
    console.warn(`${name} ${res.status}: ${String(res.body).slice(0, 300)}`);
  }
  return ok(res) ? res.json('data') : null;
}

const uuid = () =>
  'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });

export function desk(data) {
  const session = data.desks[(__VU - 1) % data.desks.length];
  const mine = DATA.desks[(__VU - 1) % DATA.desks.length];
  const patient = mine.patients[Math.floor(Math.random() * mine.patients.length)];
  const words = patient.typed[__ITER % patient.typed.length];
  for (const search of words) {
    call(session, '/patient/lookup', 'PATIENTS', { search, limit: 8 }, 'search');
    jitter(SEARCH_PAUSE);
  }
  // one of the bench's visits: 1–3 items, never a test twice (scripts/bench/billing.mjs VISITS)
  const items = DATA.visits[Math.floor(Math.random() * DATA.visits.length)];
  const preview = call(session, '/price/preview', 'BILLING', { centreId: session.centreId, items }, 'preview');
  if (!preview) return jitter(THINK);
  jitter(THINK);
  const modes = ['CASH', 'UPI', 'CARD'];
  call(
    session,
    '/registration/create',
    'BILLING',
    {
      centreId: session.centreId,
      patientId: patient.id,
      items,
      payment: { amountMinor: preview.totals.totalMinor, mode: modes[__ITER % 3] },
      requestKey: uuid(),
    },
    'register',
  );
  jitter(THINK);
}

const ms = (value) => (value === undefined ? 'n/a' : `${value.toFixed(1)} ms`);

export function handleSummary(data) {
  const m = data.metrics;
  const duration = m['http_req_duration{kind:desk}'].values;
  const failedMetric = m['http_req_failed{kind:desk}'];
  const failed = failedMetric ? failedMetric.values.rate : 0;
  const seconds = data.state.testRunDurationMs / 1000;
  const lines = [
    '',
    `Rayworks registration desk: ${VUS} desks (pause ${SEARCH_PAUSE} s between keystrokes, ${THINK} s to take the money ` +
      `and hand the receipt over, ± 50 %), ${seconds.toFixed(0)} s, ${duration.count} requests ` +
      `(${(duration.count / seconds).toFixed(1)}/s; logins not counted)`,
    `  p95 ${ms(duration['p(95)'])}   (median ${ms(duration.med)}, p99 ${ms(duration['p(99)'])}, max ${ms(duration.max)})`,
    `  error rate ${(failed * 100).toFixed(2)} %   (checks passed ${(m.checks.values.rate * 100).toFixed(2)} %, ` +
      `${m.checks.values.fails} failed)`,
    ...NAMES.map((name) => {
      const sub = m[`http_req_duration{name:${name}}`];
      const v = sub && sub.values;
      return `    ${name.padEnd(10)} p95 ${ms(v && v['p(95)'])}   (median ${ms(v && v.med)}, p99 ${ms(v && v['p(99)'])}, ${v ? v.count : 0} requests)`;
    }),
    '',
  ];
  return { stdout: lines.join('\n'), '.local/k6/billing-summary.json': JSON.stringify(data, null, 2) };
}
