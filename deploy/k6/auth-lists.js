// k6: the admin's everyday reads through the gateway — log in once per virtual user, then page, search and sort
// the users, groups and centres lists, and read the configuration. Run with `npm run bench:k6` (deploy/k6/run.sh),
// which builds k6, provisions a company of its own and passes its login here. Only loopback targets.
import http from 'k6/http';
import { check, fail } from 'k6';

const BASE = __ENV.RAYWORKS_URL || 'http://127.0.0.1:8080';
const LOGIN = __ENV.RAYWORKS_LOGIN;
const PASSWORD = __ENV.RAYWORKS_PASSWORD;
if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/.test(BASE))
  fail(`refusing non-loopback target ${BASE}`);

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
  },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
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
