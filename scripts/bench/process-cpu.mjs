// CPU time per process during a benchmark, from /proc/<pid>/stat (user + system), so a figure names its bottleneck:
// every process of the stack (scripts/lib/processes.mjs, by the pid files `npm start` writes), the bench's own
// processes (k6, extra replicas, a bench gateway), and the infrastructure by command name (PostgreSQL's backends,
// Redis, Kafka's JVM, MinIO). Read-only: nothing is signalled.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { processTable, ROOT } from '../lib/processes.mjs';

const RUN_DIR = process.env.RUN_DIR ?? path.join(ROOT, '.local/run');
/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;
/** The infrastructure's processes, by the command name /proc gives (comm), and the name a table shows. */
const INFRA = {
  postgres: 'PostgreSQL',
  'redis-server': 'Redis',
  java: 'Kafka (JVM)',
  minio: 'MinIO',
  // the browser of bench:viewer (Debian's chromium: browser, renderer, GPU and utility processes)
  chromium: 'Chromium',
};

/** A process's command name and CPU milliseconds so far; null when it is gone. */
function readStat(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[11] and [12] are utime and stime (the stat's 14th and 15th fields)
    return { comm, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/**
 * A PostgreSQL backend by the role it serves (its process title: `postgres: <role> <database> <client> <state>`), so
 * the cases service's queries are told from other services' and other users' of a shared machine; the server's own
 * processes (checkpointer, WAL writer …) as `PostgreSQL (server)`. Other infrastructure by its command.
 */
function infraGroup(pid, comm) {
  if (comm !== 'postgres') return INFRA[comm];
  try {
    const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    // a client's backend names its client's address: `127.0.0.1(51234)` or `[local]`
    const backend = /^postgres: (\S+) \S+ (?:\S+\(\d+\)|\[local\])/.exec(title);
    return backend ? `PostgreSQL as ${backend[1]}` : 'PostgreSQL (server)';
  } catch {
    return 'PostgreSQL (server)';
  }
}

/**
 * Follows one process's CPU milliseconds once a second and keeps the last reading: a child's /proc entry is gone once
 * it has exited and been reaped (k6), so its CPU is read while it runs. `stop` answers the last reading.
 */
export function followCpu(pid) {
  let last = readStat(pid)?.ms ?? 0;
  const timer = setInterval(() => (last = readStat(pid)?.ms ?? last), 1000);
  return {
    stop: () => {
      clearInterval(timer);
      return last;
    },
  };
}

function stackPid(name) {
  try {
    return Number(fs.readFileSync(path.join(RUN_DIR, `${name}.pid`), 'utf8')) || null;
  } catch {
    return null;
  }
}

/**
 * The CPU milliseconds of every process now: `processes` (name → pid) for the stack's and the bench's, and each
 * infrastructure process by pid (a backend born later counts from zero).
 */
export function cpuSnapshot(extra = {}) {
  const processes = {};
  for (const proc of processTable()) {
    const pid = stackPid(proc.name);
    const stat = pid && readStat(pid);
    if (stat) processes[proc.name] = { pid, ms: stat.ms };
  }
  for (const [name, pid] of Object.entries(extra)) {
    const stat = pid && readStat(pid);
    if (stat) processes[name] = { pid, ms: stat.ms };
  }
  const infra = {};
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat && INFRA[stat.comm]) infra[entry] = { group: infraGroup(entry, stat.comm), ms: stat.ms };
  }
  return { at: Date.now(), processes, infra };
}

/**
 * CPU used between two snapshots, per process (a process restarted meanwhile is left out and named) and per
 * infrastructure group, largest first, with the milliseconds per request when `requests` is given.
 */
export function cpuBetween(before, after, requests) {
  const rows = [];
  const restarted = [];
  for (const [name, now] of Object.entries(after.processes)) {
    const then = before.processes[name];
    if (!then || then.pid !== now.pid) restarted.push(name);
    else rows.push({ name, ms: now.ms - then.ms });
  }
  const groups = {};
  for (const [pid, now] of Object.entries(after.infra))
    groups[now.group] = (groups[now.group] ?? 0) + now.ms - (before.infra[pid]?.ms ?? 0);
  for (const [group, ms] of Object.entries(groups)) rows.push({ name: group, ms });
  rows.sort((a, b) => b.ms - a.ms);
  const seconds = (after.at - before.at) / 1000;
  const totalMs = rows.reduce((sum, r) => sum + r.ms, 0);
  return {
    seconds,
    requests,
    restarted,
    totalMs,
    rows: rows.map((r) => ({
      ...r,
      cores: r.ms / 1000 / seconds,
      msPerRequest: requests ? r.ms / requests : undefined,
    })),
  };
}

/**
 * The table of cpuBetween as Markdown lines: each process's CPU, its share of a core, and per request (`unit`: what
 * a request is — a worklist request, an imported instance); with `targetRate`, the cores that rate would need.
 */
export function cpuTable(usage, { top = 14, unit = 'request', targetRate = 400 } = {}) {
  const fmt = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '–');
  const lines = [
    `CPU per process over ${fmt(usage.seconds, 0)} s (/proc user + system), ${usage.requests ?? '–'} ${unit}s:`,
    `| process | CPU s | cores | CPU ms per ${unit} |`,
    '|---|---:|---:|---:|',
  ];
  for (const r of usage.rows.slice(0, top).filter((r) => r.ms > 0))
    lines.push(`| ${r.name} | ${fmt(r.ms / 1000, 1)} | ${fmt(r.cores)} | ${fmt(r.msPerRequest)} |`);
  const perRequest = usage.requests ? usage.totalMs / usage.requests : undefined;
  lines.push(
    `| **all** | ${fmt(usage.totalMs / 1000, 1)} | ${fmt(usage.totalMs / 1000 / usage.seconds)} | **${fmt(perRequest)}** |`,
  );
  if (perRequest && targetRate)
    lines.push(
      `(at ${fmt(perRequest)} CPU ms a ${unit}, ${fmt(targetRate, 0)} ${unit}s/s need ${fmt((perRequest * targetRate) / 1000)} cores; this machine has ${os.cpus().length})`,
    );
  if (usage.restarted.length) lines.push(`(restarted meanwhile, not counted: ${usage.restarted.join(', ')})`);
  return lines;
}
