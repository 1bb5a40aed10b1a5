// node scripts/bench/profile-service.mjs [service] — where a service's time goes per request (issue 10, perf; not a
// test). Turns the running service's inspector on (SIGUSR1), samples its CPU through the DevTools protocol while one
// client sends /cases/get pages of the worklist bench company (scripts/bench/worklist-seed.mjs) straight to the
// service (or, for `gateway`, through the gateway as the console does, asking for compressed answers), and prints
// the self time by function and by package. Needs the stack and the bench company.
//   PROFILE_REQUESTS (300), PROFILE_BODY (JSON of the /cases/get body, default {"status":"NEW"}), PROFILE_STACKS
//   (function names whose callers to print); another endpoint: PROFILE_ENDPOINT (<api service>:<path>, e.g.
//   billing:/patient/find), PROFILE_LOGIN (its caller, TEST_PASSWORD), PROFILE_SUBMODULE (its privilege's module);
//   `$uuid` in PROFILE_BODY is a new id in each request (a registration's request key)
// A process that is not an HTTP service, or one driven by another bench: PROFILE_MAIN (its dist file, e.g.
// `analyzers` for services/lims/dist/analyzers.js) and PROFILE_SECONDS (sample that long and send nothing; the
// figures are then per PROFILE_UNITS units of work, e.g. the messages the other bench sent, default 1).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ApiClient, credentialHeaders, credentialsOf, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, CASES_API, GATEWAY_PORT, SERVICE_PORTS, serviceApiPrefix } from '@rayworks/contracts';
import { percentiles, TEST_PASSWORD } from '@rayworks/testing';
import { loginOf } from './worklist-seed.mjs';

const service = process.argv[2] ?? 'cases';
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 0);
const REQUESTS = SECONDS ? Number(process.env.PROFILE_UNITS ?? 1) : Number(process.env.PROFILE_REQUESTS ?? 300);
const BODY = JSON.parse(process.env.PROFILE_BODY ?? '{"status":"NEW"}');
const [API, PATH] = (process.env.PROFILE_ENDPOINT ?? `cases:${CASES_API.getCases.path}`).split(':');

const pid = Number(
  execFileSync('pgrep', ['-f', `services/${service}/dist/${process.env.PROFILE_MAIN ?? 'main'}`])
    .toString()
    .trim()
    .split('\n')[0],
);
process.kill(pid, 'SIGUSR1');
await new Promise((r) => setTimeout(r, 800));
// SIGUSR1 opens the inspector on 9229; if another process holds that port, this would profile the wrong one
const holder = /pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', 'sport = :9229']).toString())?.[1];
if (Number(holder) !== pid)
  throw new Error(`port 9229 is held by pid ${holder}, not ${service} (${pid}): stop its inspector`);
const [target] = await (await fetch('http://127.0.0.1:9229/json/list')).json();
const ws = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  ws.onopen = resolve;
  ws.onerror = reject;
});
let seq = 0;
const waiting = new Map();
ws.onmessage = (m) => {
  const msg = JSON.parse(m.data);
  if (msg.id && waiting.has(msg.id)) {
    waiting.get(msg.id)(msg.result);
    waiting.delete(msg.id);
  }
};
const cdp = (method, params = {}) =>
  new Promise((resolve) => {
    seq += 1;
    waiting.set(seq, resolve);
    ws.send(JSON.stringify({ id: seq, method, params }));
  });

/** One request to the service as the console sends it, and its time (ms); none when PROFILE_SECONDS drives nothing. */
const once = SECONDS ? null : await requester();
if (once) for (let i = 0; i < 30; i++) await once();

await cdp('Profiler.enable');
await cdp('Profiler.setSamplingInterval', { interval: 100 });
await cdp('Profiler.start');
const ms = [];
const started = performance.now();
if (once) for (let i = 0; i < REQUESTS; i++) ms.push(await once());
else await new Promise((r) => setTimeout(r, SECONDS * 1000));
const wall = performance.now() - started;
const { profile } = await cdp('Profiler.stop');
ws.close();

async function requester() {
  const api = new ApiClient({ baseUrl: `http://127.0.0.1:${GATEWAY_PORT}` });
  const session = await api.call(
    AUTH_API.login,
    {},
    {
      headers: loginHeaders(process.env.PROFILE_LOGIN ?? loginOf.admin(1), TEST_PASSWORD),
    },
  );
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    ...credentialHeaders(credentialsOf(session), process.env.PROFILE_SUBMODULE ?? 'privilege'),
  };
  const url =
    service === 'gateway'
      ? `http://127.0.0.1:${GATEWAY_PORT}${serviceApiPrefix(API)}${PATH}`
      : `http://127.0.0.1:${SERVICE_PORTS[service]}${PATH}`;
  if (service === 'gateway') headers['accept-encoding'] = 'gzip, deflate, br, zstd'; // as Chromium asks
  const once = async () => {
    const t = performance.now();
    const body = JSON.stringify(BODY).replaceAll('$uuid', () => randomUUID());
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.text();
    if (res.status !== 200) throw new Error(`${res.status}`);
    return performance.now() - t;
  };
  return once;
}

// self time per node = samples × interval
const interval = (profile.endTime - profile.startTime) / profile.samples.length / 1000; // ms per sample
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
const byFunction = new Map();
const byPackage = new Map();
const packageOf = (url) => {
  if (!url) return '(native / idle)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const w = /\/work\/[^/]+\/((?:libs|services)\/[^/]+)/.exec(url);
  if (w) return w[1];
  return url.startsWith('node:')
    ? 'node core'
    : url
        .replace(/^file:\/\//, '')
        .split('/')
        .slice(-2)
        .join('/');
};
let total = 0;
for (const node of profile.nodes) {
  const n = counts.get(node.id) ?? 0;
  if (!n) continue;
  const t = n * interval;
  total += t;
  const f = node.callFrame;
  const key = `${f.functionName || '(anonymous)'}  ${packageOf(f.url)}:${f.lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + t);
  const pkg = f.functionName === '(idle)' ? '(idle)' : packageOf(f.url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + t);
}
if (once) {
  const p = percentiles(ms);
  console.log(
    `${service} ${JSON.stringify(BODY)}: ${REQUESTS} requests in ${wall.toFixed(0)} ms; p50 ${p.p50.toFixed(1)} p95 ${p.p95.toFixed(1)} ms`,
  );
} else
  console.log(`${service} (${process.env.PROFILE_MAIN ?? 'main'}) sampled for ${SECONDS} s, per ${REQUESTS} units`);
console.log(`sampled ${total.toFixed(0)} ms; per request ${(total / REQUESTS).toFixed(2)} ms (idle included)`);
const top = (map, n) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, v]) =>
        `${((v / REQUESTS) * 1000).toFixed(0).padStart(6)} µs/req  ${((v / total) * 100).toFixed(1).padStart(5)} %  ${k}`,
    )
    .join('\n');
console.log('\nby package:\n' + top(byPackage, 25));
console.log('\nby function (self):\n' + top(byFunction, 40));

// PROFILE_STACKS=name[,name]: where those functions were called from (their four nearest callers outside node core)
const asked = (process.env.PROFILE_STACKS ?? '').split(',').filter(Boolean);
if (asked.length > 0) {
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node);
  const byStack = new Map();
  for (const node of profile.nodes) {
    const n = counts.get(node.id) ?? 0;
    if (!n || !asked.includes(node.callFrame.functionName)) continue;
    const chain = [];
    for (let up = parentOf.get(node.id); up && chain.length < 4; up = parentOf.get(up.id)) {
      const f = up.callFrame;
      if (!f.url.startsWith('node:'))
        chain.push(`${f.functionName || '(anonymous)'} ${packageOf(f.url)}:${f.lineNumber + 1}`);
    }
    chain.unshift(node.callFrame.functionName);
    const key = chain.join(' < ');
    byStack.set(key, (byStack.get(key) ?? 0) + n * interval);
  }
  console.log('\ncallers:\n' + top(byStack, 15));
}
