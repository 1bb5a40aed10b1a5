// node scripts/bench/gateway-ab.mjs — two gateways side by side, back to back in one run (issue 24, perf; not a
// test): starts two extra gateway processes from this checkout's build, each with its own environment (GATEWAY_AB_A and
// GATEWAY_AB_B: JSON objects of variables, e.g. '{"GATEWAY_PROXY":"httpxy"}'), then one client sends the same
// requests through A, through B and straight to the service, turn by turn (the order swapped every round), and prints
// for each its p50/p95 and the gateway's CPU per request (user + system time of the process over the measured rounds,
// from /proc). Needs the stack and the worklist's bench company (scripts/bench/worklist-seed.mjs; BENCH_CASES=20000 is
// enough here); the desk's search runs in a company of its own (everyRoleTenant) with 40 patients.
//   GATEWAY_AB_ROUNDS (1000), GATEWAY_AB_KINDS (lookup,worklist), GATEWAY_AB_PROFILE=1: also sample both gateways'
//   CPU (inspector) over the measured rounds and print each one's self time per request by package
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ApiClient, credentialHeaders, credentialsOf, loginHeaders } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  CASES_API,
  GATEWAY_PORT,
  SERVICE_PORTS,
  localMetricsPort,
  serviceApiPrefix,
} from '@rayworks/contracts';
import { everyRoleTenant, percentiles, TEST_PASSWORD } from '@rayworks/testing';
import { processTable, ROOT } from '../lib/processes.mjs';
import { loginOf as worklistLogin } from './worklist-seed.mjs';

const ROUNDS = Number(process.env.GATEWAY_AB_ROUNDS ?? 1000);
const PROFILE = process.env.GATEWAY_AB_PROFILE === '1';
const inspectPorts = { A: 9301, B: 9302 };
const FUNCTIONS_OF = (process.env.GATEWAY_AB_FUNCTIONS ?? '').split(',');
const KINDS = (process.env.GATEWAY_AB_KINDS ?? 'lookup,worklist').split(',');
const variants = {
  A: JSON.parse(process.env.GATEWAY_AB_A ?? '{}'),
  B: JSON.parse(process.env.GATEWAY_AB_B ?? '{}'),
};
const TICK_MS = 1000 / 100; // USER_HZ

const gatewayEntry = processTable().find((p) => p.name === 'gateway');
const ports = { A: 8181, B: 8182 };
const children = {};
for (const [name, extra] of Object.entries(variants)) {
  const flags = ['--enable-source-maps', ...(PROFILE ? [`--inspect=127.0.0.1:${inspectPorts[name]}`] : [])];
  const child = spawn(process.execPath, [...flags, `${ROOT}/${gatewayEntry.entry}`], {
    env: {
      ...process.env,
      ...gatewayEntry.env,
      PORT: String(ports[name]),
      METRICS_PORT: String(localMetricsPort(ports[name])),
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children[name] = child;
}
const stopAll = () => Object.values(children).forEach((c) => c.kill('SIGTERM'));
process.on('exit', stopAll);
for (const [name, port] of Object.entries(ports)) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health/live`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 300) throw new Error(`gateway ${name} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A DevTools protocol session on a gateway's inspector. */
async function inspector(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
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
  return (method, params = {}) =>
    new Promise((resolve) => {
      seq += 1;
      waiting.set(seq, resolve);
      ws.send(JSON.stringify({ id: seq, method, params }));
    });
}
const packageOf = (url) => {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const w = /\/work\/[^/]+\/((?:libs|services)\/[^/]+)/.exec(url);
  if (w) return w[1];
  return url.startsWith('node:') ? 'node core' : url;
};
/** Self time per request by package (idle and GC apart), from a CPU profile. */
function byPackage(profile, requests) {
  const interval = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const totals = new Map();
  for (const node of profile.nodes) {
    const n = counts.get(node.id) ?? 0;
    if (!n) continue;
    const f = node.callFrame;
    const key = ['(idle)', '(garbage collector)', '(program)'].includes(f.functionName)
      ? f.functionName
      : packageOf(f.url);
    totals.set(key, (totals.get(key) ?? 0) + n * interval);
  }
  const functions = new Map();
  for (const node of profile.nodes) {
    const n = counts.get(node.id) ?? 0;
    const f = node.callFrame;
    if (!n || !FUNCTIONS_OF.includes(packageOf(f.url))) continue;
    const key = `${f.functionName || '(anonymous)'} ${packageOf(f.url)} ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + n * interval);
  }
  const busy = [...totals.entries()].filter(([k]) => k !== '(idle)').reduce((a, [, v]) => a + v, 0);
  return (
    `    sampled busy ${((busy / requests) * 1000).toFixed(0)} µs/request:\n` +
    [...totals.entries()]
      .filter(([k]) => k !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([k, v]) => `      ${((v / requests) * 1000).toFixed(0).padStart(5)} µs  ${k}`)
      .join('\n') +
    [...functions.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([k, v]) => `\n        ${((v / requests) * 1000).toFixed(0).padStart(5)} µs  ${k}`)
      .join('')
  );
}
const cdps = PROFILE ? { A: await inspector(inspectPorts.A), B: await inspector(inspectPorts.B) } : null;

const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime
};

const api = new ApiClient({ baseUrl: `http://127.0.0.1:${GATEWAY_PORT}` });
const headersOf = async (login, submodule) => {
  const session = await api.call(AUTH_API.login, {}, { headers: loginHeaders(login, TEST_PASSWORD) });
  return {
    accept: 'application/json',
    'content-type': 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd', // as Chromium asks
    ...credentialHeaders(credentialsOf(session), submodule),
  };
};
const PREFIXES = ['ra', 'su', 'an', 'pr', 'ma', 'sh', 'ka', 'de'];
const NAMES = ['Ravi', 'Sunita', 'Anil', 'Priya', 'Manoj', 'Shreya', 'Karan', 'Deepa'];
const desk = await everyRoleTenant('gwab');
const deskHeaders = await headersOf(desk.login('reception'), 'privilege');
for (let i = 0; i < 40; i++) {
  const body = {
    centreId: desk.centres.c1,
    patientName: `${NAMES[i % NAMES.length]} ${String.fromCharCode(65 + i)}${desk.name.slice(-4)}`,
    gender: i % 2 ? 'Female' : 'Male',
    dateOfBirth: `19${60 + i}-02-03`,
    phoneNumber: `98${String(10_000_000 + i * 7919).slice(0, 8)}`,
  };
  // the billing service learns the new company's centres from auth's events: wait for them
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(
      `http://127.0.0.1:${GATEWAY_PORT}${serviceApiPrefix('billing')}${BILLING_API.createPatient.path}`,
      {
        method: 'POST',
        headers: deskHeaders,
        body: JSON.stringify(body),
      },
    );
    if (res.ok) break;
    if (attempt > 60) throw new Error(`patient not created: ${res.status} ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
const kinds = {
  lookup: {
    label: "billing /patient/lookup (the desk's search, 8 rows)",
    service: 'billing',
    path: BILLING_API.lookupPatients.path,
    headers: deskHeaders,
    body: (i) => ({ search: PREFIXES[i % PREFIXES.length], limit: 8 }),
  },
  worklist: {
    label: 'cases /cases/get (a worklist page, NEW)',
    service: 'cases',
    path: CASES_API.getCases.path,
    headers: await headersOf(worklistLogin.admin(1), 'privilege'),
    body: () => ({ status: 'NEW' }),
  },
};

const once = async (kind, port, i) => {
  const t = performance.now();
  const res = await fetch(
    port === 'direct'
      ? `http://127.0.0.1:${SERVICE_PORTS[kind.service]}${kind.path}`
      : `http://127.0.0.1:${port}${serviceApiPrefix(kind.service)}${kind.path}`,
    { method: 'POST', headers: kind.headers, body: JSON.stringify(kind.body(i)) },
  );
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${kind.label}: ${res.status}`);
  return performance.now() - t;
};

console.log(
  `gateway A/B, ${ROUNDS} rounds per kind, one client; ${cpus().length} × ${cpus()[0].model}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at the start`,
);
console.log(`A = ${JSON.stringify(variants.A)}  B = ${JSON.stringify(variants.B)}`);
for (const name of KINDS) {
  const kind = kinds[name];
  for (let i = 0; i < 100; i++) for (const port of [ports.A, ports.B, 'direct']) await once(kind, port, i);
  const ms = { A: [], B: [], direct: [] };
  if (cdps)
    for (const cdp of Object.values(cdps)) {
      await cdp('Profiler.enable');
      await cdp('Profiler.setSamplingInterval', { interval: 100 });
      await cdp('Profiler.start');
    }
  const before = { A: cpuMs(children.A.pid), B: cpuMs(children.B.pid) };
  for (let i = 0; i < ROUNDS; i++) {
    const order = i % 2 === 0 ? ['A', 'B', 'direct'] : ['direct', 'B', 'A'];
    for (const which of order) ms[which].push(await once(kind, which === 'direct' ? 'direct' : ports[which], i));
  }
  const cpu = { A: cpuMs(children.A.pid) - before.A, B: cpuMs(children.B.pid) - before.B };
  const profiles = cdps
    ? { A: (await cdps.A('Profiler.stop')).profile, B: (await cdps.B('Profiler.stop')).profile }
    : null;
  console.log(`\n${kind.label}  (load average ${loadavg()[0].toFixed(2)})`);
  for (const which of ['A', 'B', 'direct']) {
    const p = percentiles(ms[which]);
    const extra = which === 'direct' ? '' : `  gateway CPU ${((cpu[which] / ROUNDS) * 1000).toFixed(0)} µs/request`;
    console.log(`  ${which.padEnd(6)} p50 ${p.p50.toFixed(2)} ms  p95 ${p.p95.toFixed(2)} ms${extra}`);
    if (profiles && which !== 'direct') console.log(byPackage(profiles[which], ROUNDS));
  }
}
stopAll();
process.exit(0);
