import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Admin } from 'kafkajs';
import {
  RegistrationCreatedV1,
  SERVICE_NAMES,
  SERVICE_PORTS,
  SERVICE_SUBSCRIPTIONS,
  SERVICES_WITH_WORKERS,
  workerPort,
  type ReadinessReport,
  type ServiceName,
} from '@rayworks/contracts';
import {
  arriveAt,
  casesKnowUsers,
  eventually,
  everyRoleTenant,
  tenantQuery,
  testKafka,
  TestEvents,
} from '@rayworks/testing';

/**
 * Issue 20, item 3: after the Kafka broker was killed and brought back, cases' consumer left its group for good
 * ("The coordinator is not aware of this member") while /health/ready said ready. Now (docs/decisions/0198):
 * kill -9 the shared broker, as a crashed machine would; while it is down every process whose consumer runs in a group
 * answers 503 naming the group; bring it back the way npm start does (deploy/local/infra.sh up kafka); every consumer
 * group of every service (the groups the services' readiness names: SERVICE_SUBSCRIPTIONS' groups that have handlers)
 * rejoins by itself, every process is ready again, and new events — users of a company made now (auth's outbox relay)
 * and a study arriving — are handled by every group.
 *
 * It stops shared infrastructure, so it runs in npm test's serial resilience phase, alone (scripts/test.sh).
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const RUN_DIR = process.env.RUN_DIR ?? path.join(ROOT, '.local/run');

interface Answer {
  status: number;
  report: ReadinessReport | null;
}

async function readiness(port: number): Promise<Answer> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, report: (await res.json()) as ReadinessReport };
  } catch {
    return { status: 0, report: null };
  }
}

/** Every process npm start runs but the gateway: the services and their workers, by name and port. */
const PROCESSES: Array<{ name: string; port: number }> = [
  ...SERVICE_NAMES.map((s) => ({ name: s, port: SERVICE_PORTS[s] })),
  ...SERVICES_WITH_WORKERS.map((s) => ({ name: `${s}-worker`, port: workerPort(s) })),
];

const consumerChecks = (report: ReadinessReport | null): string[] =>
  Object.keys(report?.checks ?? {})
    .filter((name) => name.startsWith('consumer:'))
    .map((name) => name.slice('consumer:'.length));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function withAdmin<T>(work: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = testKafka().admin();
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Per group: committed offsets by `topic/partition`, and the lag over the topics it reads (latest − committed; a topic
 * of its SERVICE_SUBSCRIPTIONS line it has no handler for has nothing committed and is left out).
 */
async function positions(
  groups: Map<string, ServiceName>,
): Promise<Map<string, { committed: Map<string, bigint>; lag: bigint }>> {
  return withAdmin(async (admin) => {
    const out = new Map<string, { committed: Map<string, bigint>; lag: bigint }>();
    for (const [group, service] of groups) {
      const topics = [...SERVICE_SUBSCRIPTIONS[service].topics];
      const committed = new Map<string, bigint>();
      let lag = 0n;
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId: group, topics })) {
        const ends = await admin.fetchTopicOffsets(topic);
        for (const { partition, offset } of partitions) {
          // never committed: a topic of the service's line the group has no handler for (it does not subscribe)
          if (offset === '-1') continue;
          const end = ends.find((e) => e.partition === partition)!;
          committed.set(`${topic}/${partition}`, BigInt(offset));
          lag += BigInt(end.high) - BigInt(offset);
        }
      }
      out.set(group, { committed, lag });
    }
    return out;
  });
}

describe('the Kafka broker killed and brought back', () => {
  it('leaves every consumer group of every service running again by itself, not ready while it was not', async () => {
    // Before: every process ready; the consumer groups are the ones the services' readiness names.
    const before = await eventually(
      () => Promise.all(PROCESSES.map(async (p) => ({ ...p, ...(await readiness(p.port)) }))),
      (all) => all.every((p) => p.status === 200),
      { what: 'every process ready before the kill', timeoutMs: 120_000, intervalMs: 1000 },
    );
    const groups = new Map<string, ServiceName>();
    for (const p of before)
      for (const group of consumerChecks(p.report)) {
        const service = p.name as ServiceName;
        // a service's group is the one SERVICE_SUBSCRIPTIONS gives it
        expect({ process: p.name, group }).toEqual({
          process: p.name,
          group: `${service}.${SERVICE_SUBSCRIPTIONS[service].purpose}`,
        });
        groups.set(group, service);
      }
    // the groups that have handlers today (a group added later joins this list by itself)
    expect([...groups.keys()]).toEqual(expect.arrayContaining(['cases.worklist', 'reporting.reports']));
    // every group settled first: a process of an earlier test that left one (a sweeper's, a killed one's) rebalances
    // it for up to a session timeout
    const joined = await eventually(
      () => withAdmin((admin) => admin.describeGroups([...groups.keys()])),
      (described) => described.groups.every((g) => g.state === 'Stable'),
      { what: 'every consumer group stable before the kill', timeoutMs: 120_000, intervalMs: 1000 },
    );
    for (const g of joined.groups)
      expect({ group: g.groupId, state: g.state }).toEqual({ group: g.groupId, state: 'Stable' });
    const start = await positions(groups);

    // kill -9, as a crashed machine would
    const pid = Number(readFileSync(path.join(RUN_DIR, 'kafka.pid'), 'utf8').trim());
    expect(alive(pid)).toBe(true);
    process.kill(pid, 'SIGKILL');
    try {
      await eventually(
        async () => alive(pid),
        (up) => !up,
        { what: 'the broker gone', timeoutMs: 10_000 },
      );
      // while it is down, every process whose consumer runs in a group is not ready, and says which group
      for (const [group, service] of groups) {
        const answer = await eventually(
          () => readiness(SERVICE_PORTS[service]),
          (a) => a.status === 503 && a.report?.checks[`consumer:${group}`]?.status === 'down',
          { what: `${service} not ready for its consumer ${group}`, timeoutMs: 60_000, intervalMs: 500 },
        );
        expect(answer.report!.status).toBe('not-ready');
      }
    } finally {
      // back the way npm start brings it
      await promisify(execFile)('bash', [path.join(ROOT, 'deploy/local/infra.sh'), 'up', 'kafka'], {
        cwd: ROOT,
        env: process.env,
        timeout: 180_000,
      });
    }

    // By itself: every process ready again, every consumer a member of its group
    await eventually(
      () => Promise.all(PROCESSES.map(async (p) => ({ name: p.name, ...(await readiness(p.port)) }))),
      (all) => all.every((p) => p.status === 200),
      { what: 'every process ready again', timeoutMs: 180_000, intervalMs: 1000 },
    );
    const rejoined = await withAdmin((admin) => admin.describeGroups([...groups.keys()]));
    for (const g of rejoined.groups)
      expect({ group: g.groupId, state: g.state, members: g.members.length > 0 }).toEqual({
        group: g.groupId,
        state: 'Stable',
        members: true,
      });

    // New events after the restart: a company made now (auth's relay publishes its users' UserCreated, which cases
    // and reporting read) and a study arriving at one of its centres (cases makes the case; its relay publishes it).
    const t = await everyRoleTenant('resil');
    const admin = t.users[t.login('admin')]!;
    await casesKnowUsers(t.tenantId, [admin]);
    await eventually(
      () => tenantQuery(t.tenantId, `SELECT id FROM reporting.directory_users WHERE id = $1`, [admin]),
      (rows) => rows.length === 1,
      { what: "the company's admin in reporting's directory", timeoutMs: 60_000 },
    );
    const events = new TestEvents();
    await events.start();
    try {
      const caseId = await arriveAt(events, t, 'c1');
      expect(caseId).toMatch(/^[0-9a-f-]{36}$/);
      // a registration at the desk (with nothing to order: it makes no case and no sample), which the LIMS reads
      const registrationId = randomUUID();
      await events.publish(RegistrationCreatedV1, t.tenantId, registrationId, {
        registrationId,
        registrationNumber: `REG-RESIL-${registrationId.slice(0, 8)}`,
        centreId: t.centres.c1!,
        groupId: t.groups.g!,
        patient: {
          id: randomUUID(),
          mrNumber: 'RESIL-1',
          patientName: 'Resilience Patient',
          gender: 'Female',
          dateOfBirth: '1990-01-01',
          ageYears: null,
          phoneNumber: null,
        },
        referral: null,
        providerKind: 'Internal',
        registeredAt: new Date().toISOString(),
        items: [],
      });
    } finally {
      await events.stop();
    }

    // Every group consumed past where it was before the kill, and has caught up
    await eventually(
      async () =>
        [...(await positions(groups))].map(([group, { committed, lag }]) => ({
          group,
          moved: [...committed].some(([key, offset]) => offset > (start.get(group)!.committed.get(key) ?? 0n)),
          lag: Number(lag),
        })),
      (now) => now.every((g) => g.moved && g.lag === 0),
      { what: 'every group past its offsets before the kill, with no lag', timeoutMs: 60_000, intervalMs: 500 },
    );
  }, 420_000);
});
