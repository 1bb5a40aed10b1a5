/* global __ENV, __VU, __ITER, open */
// k6: the worklist at 1,000,000 cases under 200 virtual users (issue 10's benchmark). Run by `npm run bench:worklist`
// (scripts/bench/worklist.mjs: it seeds the bench company `benchwl1m` and writes WORKLIST_DATA, the logins and
// centres this script uses). Two kinds of user, through the gateway, each with a think time between clicks:
//   browsers (VUS − ACTORS, administrators and radiologists): status tabs newest first, the next page by cursor, a
//            page by number, a centre, a modality and date range, a patient search, the due-time order, statistics.
//   actors   (ACTORS, default 20 % of VUS): an administrator takes a NEW case of the actor's own patients (a
//            patient-ID prefix no other actor uses, so actors never race each other) and assigns it to a radiologist
//            of its centre (/cases/assign); that radiologist accepts it when the centre asks for acceptance, puts it
//            on hold, resumes it and reverts it to NEW (/cases/worklistupdate: the loop leaves the data as it found
//            it, so runs can be repeated), then reads the tab counts.
// Every answer must be a 2xx success: the error rate is the share of requests that were not. Loopback targets only.
// Ends with p95 and the error rate, overall and per request kind.
import http from 'k6/http';
import { check, fail, sleep } from 'k6';

const BASE = __ENV.RAYWORKS_URL || 'http://127.0.0.1:8080';
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(BASE))
  fail(`refusing non-loopback target ${BASE}`);
const DATA = JSON.parse(open(__ENV.WORKLIST_DATA));
const VUS = Number(__ENV.VUS || 200);
const ACTORS = Number(__ENV.ACTORS || Math.max(1, Math.round(VUS / 5)));
const DURATION = __ENV.DURATION || '60s';
/** Mean think time between a user's clicks, in seconds (uniform from half to one and a half of it). */
const THINK = Number(__ENV.THINK_SECONDS || 1);

const NAMES = [
  'tab',
  'next-page',
  'page-number',
  'centre',
  'modality-dates',
  'search',
  'due',
  'statistics',
  'assign',
  'accept',
  'hold',
  'resume',
  'revert',
];

export const options = {
  scenarios: {
    browsers: { executor: 'constant-vus', exec: 'browse', vus: VUS - ACTORS, duration: DURATION, gracefulStop: '10s' },
    actors: { executor: 'constant-vus', exec: 'act', vus: ACTORS, duration: DURATION, gracefulStop: '10s' },
  },
  setupTimeout: '180s',
  thresholds: {
    // figures are printed and recorded in docs/benchmarks.md; the gate is that the calls succeed
    checks: ['rate>0.99'],
    // the worklist's requests (not setup's logins): what the summary reports
    'http_req_duration{kind:worklist}': ['max>=0'],
    'http_req_failed{kind:worklist}': ['rate>=0'],
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
    Authorization: `Bearer ${data.token}`,
    'x-session-token': data.sessionToken,
    'x-session-enabled': 'true',
    'x-submodule-type': 'WORKLIST',
  };
  if (data.user.companyID) headers['x-company-id'] = data.user.companyID;
  if (data.groupID) headers['x-group-id'] = data.groupID;
  if (data.centerID && data.centerID.length) headers['x-center-ids'] = data.centerID.join(',');
  return { headers, id: data._id };
}

/** One login per user (argon2 costs): every virtual user shares them. */
export function setup() {
  const admins = DATA.admins.map(login);
  const radiologists = {};
  for (const r of DATA.radiologists) radiologists[r.id] = login(r.login);
  // bench:worklist starts its CPU count here, after the logins (scripts/bench/worklist.mjs: K6_SETUP_DONE)
  console.log('rayworks-k6: setup done');
  return { admins, radiologists };
}

const think = () => sleep(THINK * (0.5 + Math.random()));
const ok = (res) => res.status === 200 && res.json('status') === 'success';

function call(session, path, body, name) {
  const res = http.post(`${BASE}/api/cases${path}`, JSON.stringify(body), {
    headers: session.headers,
    tags: { name, kind: 'worklist' },
  });
  if (!check(res, { success: ok }) && shown < 3) {
    shown++; // the first refusals of each virtual user, with the service's message
    console.warn(`${name} ${res.status}: ${String(res.body).slice(0, 300)}`);
  }
  return ok(res) ? res.json('data') : null;
}

const TABS = ['NEW', 'IN PROGRESS', 'PENDING FOR ACCEPTANCE', 'PENDING AT TYPIST', 'COMPLETED', 'ALL'];
const SEARCHES = ['shar', 'nguy', 'kowal', 'yamam', 'fern', 'priya', 'mateo', 'BW00123', 'ACC0004', 'li'];
const MODALITIES = ['CT', 'MR', 'US', 'CR', 'DX'];
const DAY = 24 * 3600 * 1000;
const pick = (list) => list[Math.floor(Math.random() * list.length)];
let cursor = null;
let shown = 0;

export function browse(data) {
  // two of every three browsers are administrators, the rest radiologists (their own cases)
  const rads = Object.values(data.radiologists);
  const session = __VU % 3 === 0 ? rads[__VU % rads.length] : data.admins[__VU % data.admins.length];
  const status = pick(TABS);
  const roll = __ITER % 8;
  if (roll === 0 || (roll === 1 && !cursor)) {
    const page = call(session, '/cases/get', { status }, 'tab');
    cursor = page && page.nextCursor ? { status, cursor: page.nextCursor } : null;
  } else if (roll === 1) {
    const page = call(session, '/cases/get', cursor, 'next-page');
    cursor = page && page.nextCursor ? { status: cursor.status, cursor: page.nextCursor } : null;
  } else if (roll === 2)
    call(session, '/cases/get', { status, page: 1 + Math.floor(Math.random() * 20) }, 'page-number');
  else if (roll === 3) call(session, '/cases/get', { centreId: pick(DATA.centres).id, status }, 'centre');
  else if (roll === 4) {
    const months = Math.floor(Math.random() * 11);
    call(
      session,
      '/cases/get',
      {
        modality: pick(MODALITIES),
        receivedFrom: new Date(Date.now() - (months + 1) * 30 * DAY).toISOString(),
        receivedTo: new Date(Date.now() - months * 30 * DAY).toISOString(),
      },
      'modality-dates',
    );
  } else if (roll === 5) call(session, '/cases/get', { search: pick(SEARCHES) }, 'search');
  else if (roll === 6) call(session, '/cases/get', { status: 'IN PROGRESS', sortBy: 'dueAt', sortDir: 'asc' }, 'due');
  else call(session, '/getworklist/statistics', {}, 'statistics');
  think();
}

/**
 * The actor's own patients: patient IDs BW0<3 digits>…, 1,000 patients (≈ 2,500 cases, a handful of them NEW) per
 * prefix; virtual user v has prefixes v and v + VUS (of 400), whichever scenario k6 gives it, so two actors never
 * share one (a stride of ACTORS did when the actors' VU numbers were not consecutive).
 */
const prefixOf = (vu, round) => `BW0${String((vu + (round % 2) * VUS) % 400).padStart(3, '0')}`;
let round = 0;

export function act(data) {
  const admin = data.admins[__VU % data.admins.length];
  const page = call(admin, '/cases/get', { status: 'NEW', search: prefixOf(__VU, round), pageSize: 20 }, 'tab');
  if (!page) return think();
  const item = page.items.find((c) => c.workflowType === 'Center' && c.imagingState === 'IMPORTED' && !c.onHold);
  if (!item) {
    round++; // this prefix has no NEW case left: the next one of this actor's
    return think();
  }
  think();
  const centre = DATA.centres.find((c) => c.id === item.centreId);
  const radiologistId = centre.radiologists[Math.floor(Math.random() * centre.radiologists.length)];
  const assigned = call(
    admin,
    '/cases/assign',
    { cases: [{ _id: item._id, version: item.version }], radiologistId },
    'assign',
  );
  const result = assigned && assigned.results[0];
  if (!check(result, { assigned: (r) => r && r.status === 'success' })) return think();
  let kase = result.case;
  const radiologist = data.radiologists[radiologistId];
  think();
  if (kase.status === 'PENDING FOR ACCEPTANCE') {
    kase = call(
      radiologist,
      '/cases/worklistupdate',
      { _id: kase._id, version: kase.version, action: 'ACCEPT' },
      'accept',
    );
    if (!kase) return think();
    think();
  }
  kase = call(radiologist, '/cases/worklistupdate', { _id: kase._id, version: kase.version, action: 'HOLD' }, 'hold');
  if (!kase) return think();
  think();
  kase = call(
    radiologist,
    '/cases/worklistupdate',
    { _id: kase._id, version: kase.version, action: 'UNHOLD' },
    'resume',
  );
  if (!kase) return think();
  think();
  // the radiologist gives it back to the centre's NEW queue: the loop leaves the data as it found it
  call(
    radiologist,
    '/cases/worklistupdate',
    { _id: kase._id, version: kase.version, action: 'REVERT', reason: 'Benchmark: back to the queue' },
    'revert',
  );
  call(radiologist, '/getworklist/statistics', {}, 'statistics');
  think();
}

const ms = (value) => (value === undefined ? 'n/a' : `${value.toFixed(1)} ms`);

export function handleSummary(data) {
  const m = data.metrics;
  const duration = m['http_req_duration{kind:worklist}'].values;
  const failedMetric = m['http_req_failed{kind:worklist}'];
  const failed = failedMetric ? failedMetric.values.rate : 0;
  const seconds = data.state.testRunDurationMs / 1000;
  const lines = [
    '',
    `Rayworks worklist: ${VUS} virtual users (${VUS - ACTORS} browsing, ${ACTORS} acting; think time ${THINK} s ± 50 %), ` +
      `${seconds.toFixed(0)} s, ${duration.count} requests (${(duration.count / seconds).toFixed(0)}/s; logins not counted)`,
    `  p95 ${ms(duration['p(95)'])}   (median ${ms(duration.med)}, p99 ${ms(duration['p(99)'])}, max ${ms(duration.max)})`,
    `  error rate ${(failed * 100).toFixed(2)} %   (checks passed ${(m.checks.values.rate * 100).toFixed(2)} %, ` +
      `${m.checks.values.fails} failed)`,
    ...NAMES.map((name) => {
      const sub = m[`http_req_duration{name:${name}}`];
      return `    ${name.padEnd(15)} p95 ${ms(sub && sub.values['p(95)'])}   (${sub ? sub.values.count : 0} requests)`;
    }),
    '',
  ];
  return { stdout: lines.join('\n'), '.local/k6/worklist-summary.json': JSON.stringify(data, null, 2) };
}
