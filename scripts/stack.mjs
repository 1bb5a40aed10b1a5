// Starts, stops and reports the application processes (not the infrastructure: deploy/local/infra.sh does that).
//   node scripts/stack.mjs start | stop | status | migrate
// Logs go to .local/logs/<name>.log, process ids to .local/run/<name>.pid.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVICE_NAMES } from '@rayworks/contracts';
import {
  ROOT,
  LOCAL_PAYMENT_WEBHOOK_SECRET_FILE,
  LOCAL_SIGNING_KEYS_FILE,
  LOCAL_VIEWER_TOKEN_SECRET_FILE,
  processEnv,
  processTable,
  serviceDatabaseUrl,
} from './lib/processes.mjs';

const LOG_DIR = process.env.LOG_DIR ?? path.join(ROOT, '.local/logs');
const RUN_DIR = process.env.RUN_DIR ?? path.join(ROOT, '.local/run');
const READY_TIMEOUT_MS = Number(process.env.READY_TIMEOUT_MS ?? 120_000);
fs.mkdirSync(LOG_DIR, { recursive: true });
fs.mkdirSync(RUN_DIR, { recursive: true });

const pidFile = (name) => path.join(RUN_DIR, `${name}.pid`);
const logFile = (name) => path.join(LOG_DIR, `${name}.log`);

function alivePid(name) {
  try {
    const pid = Number(fs.readFileSync(pidFile(name), 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function ready(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(3000) });
    return { ok: res.status === 200, body: await res.json().catch(() => null) };
  } catch (error) {
    return { ok: false, body: { error: error.cause?.code ?? error.message } };
  }
}

const tail = (file, lines = 20) => {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

/** Is something listening on the port (a process we did not start, when our pid file says otherwise)? */
function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The local signing keys of the access tokens, made once (unless the operator gives keys of their own). */
async function ensureSigningKeys() {
  if (process.env.AUTH_SIGNING_KEYS || process.env.AUTH_SIGNING_KEYS_FILE) return;
  const code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'services/auth/dist/signing-keys.js'), 'ensure', LOCAL_SIGNING_KEYS_FILE],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.on('exit', resolve);
  });
  if (code !== 0) process.exit(code ?? 1);
}

/** The local secret of the viewers' study tokens, made once (unless the operator sets VIEWER_TOKEN_SECRET). */
function ensureViewerTokenSecret() {
  if (process.env.VIEWER_TOKEN_SECRET || fs.existsSync(LOCAL_VIEWER_TOKEN_SECRET_FILE)) return;
  fs.mkdirSync(path.dirname(LOCAL_VIEWER_TOKEN_SECRET_FILE), { recursive: true });
  fs.writeFileSync(LOCAL_VIEWER_TOKEN_SECRET_FILE, `${crypto.randomBytes(48).toString('base64url')}\n`, {
    mode: 0o600,
  });
}

/** The local webhook secret of online payment, made once (unless the operator sets PAYMENT_WEBHOOK_SECRET). */
function ensurePaymentWebhookSecret() {
  if (process.env.PAYMENT_WEBHOOK_SECRET || fs.existsSync(LOCAL_PAYMENT_WEBHOOK_SECRET_FILE)) return;
  fs.mkdirSync(path.dirname(LOCAL_PAYMENT_WEBHOOK_SECRET_FILE), { recursive: true });
  fs.writeFileSync(LOCAL_PAYMENT_WEBHOOK_SECRET_FILE, `${crypto.randomBytes(48).toString('base64url')}\n`, {
    mode: 0o600,
  });
}

async function start() {
  await ensureSigningKeys();
  ensureViewerTokenSecret();
  ensurePaymentWebhookSecret();
  const table = processTable();
  for (const proc of table) {
    if (alivePid(proc.name)) {
      console.log(`  ${proc.name.padEnd(18)} already running (pid ${alivePid(proc.name)})`);
      continue;
    }
    for (const port of [proc.port, proc.metricsPort]) {
      if (await portInUse(port)) {
        console.error(`\n${proc.name}: port ${port} is already in use by a process npm start did not record.`);
        console.error(`Stop it first (e.g. \`fuser -k ${port}/tcp\`), or it would answer in place of the new build.`);
        process.exit(1);
      }
    }
    const out = fs.openSync(logFile(proc.name), 'a');
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', '--disable-warning=TimeoutNegativeWarning', path.join(ROOT, proc.entry)],
      {
        cwd: ROOT,
        env: processEnv(proc),
        detached: true,
        stdio: ['ignore', out, out],
      },
    );
    fs.writeFileSync(pidFile(proc.name), String(child.pid));
    child.unref();
    console.log(`  ${proc.name.padEnd(18)} started (pid ${child.pid}, port ${proc.port})`);
  }
  const deadline = Date.now() + READY_TIMEOUT_MS;
  const pending = new Set(table.map((p) => p.name));
  while (pending.size > 0 && Date.now() < deadline) {
    for (const proc of table.filter((p) => pending.has(p.name))) {
      if (!alivePid(proc.name)) {
        console.error(`\n${proc.name} exited. Last lines of ${logFile(proc.name)}:\n${tail(logFile(proc.name))}`);
        process.exit(1);
      }
      if ((await ready(proc.port)).ok) pending.delete(proc.name);
    }
    if (pending.size > 0) await new Promise((r) => setTimeout(r, 500));
  }
  if (pending.size > 0) {
    for (const name of pending) {
      const proc = table.find((p) => p.name === name);
      console.error(
        `\n${name} not ready after ${READY_TIMEOUT_MS / 1000}s: ${JSON.stringify((await ready(proc.port)).body)}`,
      );
      console.error(tail(logFile(name)));
    }
    process.exit(1);
  }
  console.log(`all ${table.length} processes ready`);
}

async function stop() {
  const table = processTable();
  const pids = table.map((p) => [p.name, alivePid(p.name)]).filter(([, pid]) => pid);
  for (const [, pid] of pids) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        /* gone */
      }
    }
  }
  const deadline = Date.now() + 15_000;
  while (pids.some(([name]) => alivePid(name)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  for (const [name, pid] of pids) {
    if (alivePid(name)) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    fs.rmSync(pidFile(name), { force: true });
    console.log(`  ${name.padEnd(18)} stopped`);
  }
  for (const proc of table) fs.rmSync(pidFile(proc.name), { force: true });
  if (pids.length === 0) console.log('  nothing was running');
}

async function status() {
  for (const proc of processTable()) {
    const pid = alivePid(proc.name);
    const r = pid ? await ready(proc.port) : { ok: false };
    const state = !pid ? 'stopped' : r.ok ? 'ready' : 'not ready';
    console.log(
      `  ${proc.name.padEnd(18)} ${String(proc.port).padEnd(6)} ${state.padEnd(10)} ${pid ? `pid ${pid}` : ''}`,
    );
    if (pid && !r.ok && r.body) console.log(`      ${JSON.stringify(r.body)}`);
  }
}

/** Runs every service's migrations (as the owner role), one after another. */
async function migrate() {
  for (const service of SERVICE_NAMES) {
    const code = await new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, `services/${service}/dist/migrate.js`)], {
        cwd: ROOT,
        env: {
          ...processEnv({ env: {} }),
          DATABASE_URL: serviceDatabaseUrl(process.env.DATABASE_URL, service),
          MIGRATION_DATABASE_URL: process.env.DATABASE_URL,
        },
        stdio: 'inherit',
      });
      child.on('exit', resolve);
    });
    if (code !== 0) process.exit(code ?? 1);
  }
}

const commands = { start, stop, status, migrate };
const command = commands[process.argv[2]];
if (!command) {
  console.error('usage: node scripts/stack.mjs start|stop|status|migrate');
  process.exit(2);
}
await command();
