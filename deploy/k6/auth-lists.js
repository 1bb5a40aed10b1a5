/* global __ENV, __ITER */
// k6: the admin's everyday reads through the gateway — log in once per virtual user, then page, search and sort
// the users, groups and centres lists, and read the configuration. Run with `npm run load` (50 virtual users, 60 s)
// or `npm run bench:k6` (VUS and DURATION from the environment): deploy/k6/run.sh builds k6, provisions a company
// of its own and passes its login here. Only loopback targets. Ends with p95 and the error rate (handleSummary).
import http from 'k6/http';
import { check, fail } from 'k6';

const BASE = __ENV.RAYWORKS_URL || 'http://127.0.0.1:8080';
const LOGIN = __ENV.RAYWORKS_LOGIN;
const PASSWORD = __ENV.RAYWORKS_PASSWORD;
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(BASE))
  fail(`refusing non-loopback target ${BASE}`);

/** The request kinds (the `name` tag of each request). */
const NAMES = ['login', 'users', 'groups', 'centres', 'config'];

export const options = {
  scenarios: {
    admins: {
      executor: 'constant-vus',
      vus: Number(__ENV.VUS || 10),
      duration: __ENV.DURATION || '30s',
      gracefulStop: '5s',
    },
  },
  thresholds: {
    // figures are printed and recorded in docs/benchmarks.md; the only gate is that the calls succeed
    checks: ['rate>0.99'],
    // one per request kind, never failing: k6 keeps a tagged sub-metric only when a threshold names it, and the
    // summary below reports each kind's p95
    ...Object.fromEntries(NAMES.map((name) => [`http_req_duration{name:${name}}`, ['max>=0']])),
  },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max', 'count'],
};

let session = null;

function login() {
  const res = http.post(`${BASE}/api/auth/login`, null, {
    headers: { loginname: LOGIN, password: PASSWORD },
    tags: { name: 'login' },
  });
  if (!check(res, { 'login 200': (r) => r.status === 200 })) fail(`login failed: ${res.status} ${res.body}`);
  const data = res.json('data');
  session = {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${data.token}`,
    'x-session-token': data.sessionToken,
  };
}

const searches = ['', 'a', 'k6', 'user', 'e'];
const sorts = ['name', 'createdAt'];

export default function () {
  if (!session) login();
  const i = __ITER;
  const list = (path, name, body) =>
    http.post(`${BASE}/api/auth${path}`, JSON.stringify(body), { headers: session, tags: { name } });
  const query = {
    page: 1 + (i % 3),
    pageSize: 20,
    search: searches[i % searches.length] || undefined,
    sortBy: sorts[i % sorts.length],
    sortDir: i % 2 ? 'desc' : 'asc',
  };
  const responses = [
    list('/user/find', 'users', query),
    list('/get/groups', 'groups', { ...query, sortBy: 'name' }),
    list('/get/centers', 'centres', { ...query, sortBy: 'name' }),
    http.get(`${BASE}/api/auth/config`, { headers: session, tags: { name: 'config' } }),
  ];
  for (const r of responses) check(r, { 'status 200': (x) => x.status === 200 });
}

const ms = (value) => (value === undefined ? 'n/a' : `${value.toFixed(1)} ms`);

/** The end of the run: p95 and error rate, overall and per request kind (and the whole data under .local/). */
export function handleSummary(data) {
  const m = data.metrics;
  const duration = m.http_req_duration.values;
  const failed = m.http_req_failed ? m.http_req_failed.values.rate : 0;
  const seconds = data.state.testRunDurationMs / 1000;
  const lines = [
    '',
    `Rayworks admin lists: ${m.vus_max.values.max} virtual users, ${seconds.toFixed(0)} s, ` +
      `${m.http_reqs.values.count} requests (${m.http_reqs.values.rate.toFixed(0)}/s)`,
    `  p95 ${ms(duration['p(95)'])}   (median ${ms(duration.med)}, p99 ${ms(duration['p(99)'])}, max ${ms(duration.max)})`,
    `  error rate ${(failed * 100).toFixed(2)} %   (checks passed ${(m.checks.values.rate * 100).toFixed(2)} %)`,
    ...NAMES.map((name) => {
      const sub = m[`http_req_duration{name:${name}}`];
      return `    ${name.padEnd(8)} p95 ${ms(sub && sub.values['p(95)'])}   (${sub ? sub.values.count : 0} requests)`;
    }),
    '',
  ];
  return { stdout: lines.join('\n'), '.local/k6/summary.json': JSON.stringify(data, null, 2) };
}
