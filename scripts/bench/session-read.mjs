// node scripts/bench/session-read.mjs — what a request's session check costs against the running Redis (issue 24,
// perf; not a test), before and after decision 0319, back to back in one run: `before` is what the authenticator
// did until then (GET of the session and GET of the principal version together, then EXPIRE to slide the idle
// timeout), `after` is SessionStore.verify (one script). Turn by turn, SESSION_READ_ROUNDS (3000) of each; prints
// p50/p95 of one check, this process's CPU per check and the commands it sent per check.
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createRedis, sessionKeys, SessionStore } from '@rayworks/nest-kit';
import { infraEnv, percentiles } from '@rayworks/testing';

const ROUNDS = Number(process.env.SESSION_READ_ROUNDS ?? 3000);
const redis = createRedis(infraEnv().redisUrl, 'bench-session-read');
const store = new SessionStore(redis, 1800);
const userId = `bench-session-read-${process.pid}`;
const { sessionId, token } = await store.create(userId, 'bench-tenant');
const expected = { sessionId, userId, tenantId: 'bench-tenant' };

/** The check as it was: two reads together, then the slide (the session's checks in between, as before). */
async function before() {
  const [raw, version] = await Promise.all([
    redis.get(sessionKeys.session(sessionId)),
    redis.get(sessionKeys.principalVersion(userId)),
  ]);
  const stored = JSON.parse(raw);
  const remainingMs = stored.e - Date.now();
  await redis.expire(sessionKeys.session(sessionId), Math.max(1, Math.min(1800, Math.ceil(remainingMs / 1000))));
  return Number(version ?? 0);
}
const after = () => store.verify(token, expected);

/** Commands this client sends (what it waits for; a script's inner commands run inside Redis). */
let sentCount = 0;
const send = redis.sendCommand.bind(redis);
redis.sendCommand = (...args) => {
  sentCount += 1;
  return send(...args);
};

for (let i = 0; i < 200; i++) await Promise.all([before(), after()]);
const ms = { before: [], after: [] };
const cpu = { before: 0, after: 0 };
const sent = { before: 0, after: 0 };
for (let i = 0; i < ROUNDS; i++) {
  for (const [name, check] of i % 2
    ? [
        ['before', before],
        ['after', after],
      ]
    : [
        ['after', after],
        ['before', before],
      ]) {
    const c = process.cpuUsage();
    const t = performance.now();
    await check();
    ms[name].push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu[name] += used.user + used.system;
  }
}
for (const name of ['before', 'after']) {
  sentCount = 0;
  for (let i = 0; i < 200; i++) await (name === 'before' ? before() : after());
  sent[name] = sentCount / 200;
}
console.log(
  `session check, ${ROUNDS} each, turn by turn; ${cpus().length} × ${cpus()[0].model}; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const name of ['before', 'after']) {
  const p = percentiles(ms[name]);
  console.log(
    `  ${name.padEnd(6)} p50 ${(p.p50 * 1000).toFixed(0)} µs  p95 ${(p.p95 * 1000).toFixed(0)} µs  client CPU ${(cpu[name] / ROUNDS).toFixed(0)} µs/check  commands sent ${sent[name].toFixed(2)}/check`,
  );
}
await store.revoke(sessionId);
redis.disconnect();
