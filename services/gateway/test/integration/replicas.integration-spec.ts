import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AssignerProtocol } from 'kafkajs';
import { io, type Socket } from 'socket.io-client';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  CASES_API,
  GATEWAY_PORT,
  REALTIME_PATH,
  SERVICE_PORTS,
  replicaPort,
  type CaseChangedMessage,
} from '@rayworks/contracts';
import {
  arriveAt,
  casesKnowUsers,
  eventually,
  everyRoleTenant,
  freePort,
  startScript,
  stop,
  TestEvents,
  testKafka,
  TEST_PASSWORD,
  type EveryRoleTenant,
  stackProcesses,
} from '@rayworks/testing';

const { processTable, processEnv, ROOT } = await stackProcesses();

/** The group every cases replica's consumer joins (the worklist's read models, arrivals and pushes). */
const CASES_GROUP = 'cases.worklist';
const mainGateway = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const mainCases = `http://127.0.0.1:${SERVICE_PORTS.cases}`;

/** How many /cases/get requests a cases process has answered (its metrics: the request histogram's count). */
async function getCasesAnswered(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('http_request_duration_seconds_count{') &&
        l.includes(`route="${CASES_API.getCases.path}"`) &&
        l.includes('status="200"'),
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

const ready = (url: string) =>
  fetch(`${url}/health/ready`)
    .then((r) => r.status)
    .catch(() => 0);

/** A socket.io client of the console's kind on one gateway, collecting cases:case-changed. */
async function listen(gateway: string, session: Credentials) {
  const socket: Socket = io(gateway, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { token: session.token, sessionToken: session.sessionToken },
  });
  const heard: CaseChangedMessage[] = [];
  socket.on('cases:case-changed', (m) => heard.push(m));
  const hello = await new Promise<{ gateway: string }>((resolve, reject) => {
    socket.on('system:hello', resolve);
    socket.on('connect_error', reject);
  });
  return { socket, heard, gatewayId: hello.gateway };
}

/**
 * Horizontal scaling (issue 24; docs/decisions/0333-service-replicas.md): a second cases process beside the running
 * one, as `CASES_REPLICAS=2 npm start` runs it (its place in scripts/lib/processes.mjs), and a second gateway whose
 * SERVICE_URL_CASES lists both. The gateway spreads worklist requests over the two; both join the cases consumer group
 * and share its partitions (each partition read by one of them: no event applied twice); an update made through
 * either reaches the console's sockets on either gateway (the services publish through the gateways' Redis adapter).
 */
describe('two cases replicas behind the gateway', () => {
  let t: EveryRoleTenant;
  let admin: Credentials;
  let radiologistId: string;
  let replica: ReturnType<typeof startScript>;
  let gateway: ReturnType<typeof startScript>;
  let replicaUrl: string;
  let replicaMetricsPort: number;
  let gatewayUrl: string;
  const events = new TestEvents();

  beforeAll(async () => {
    const table = processTable({ ...process.env, CASES_REPLICAS: '2' });
    const second = table.find((p) => p.name === 'cases-2');
    const gatewayProc = table.find((p) => p.name === 'gateway')!;
    // the table's second replica and the gateway's list of both (a run with CASES_REPLICAS=2)
    expect(second?.port).toBe(replicaPort('cases', 2));
    expect(gatewayProc.env.SERVICE_URL_CASES).toBe(
      `http://127.0.0.1:${SERVICE_PORTS.cases},http://127.0.0.1:${replicaPort('cases', 2)}`,
    );
    // started here on ports of their own, beside the running stack
    const [port, metricsPort, gatewayPort] = await Promise.all([freePort(), freePort(), freePort()]);
    replicaUrl = `http://127.0.0.1:${port}`;
    replicaMetricsPort = metricsPort;
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    replica = startScript(path.join(ROOT, second!.entry), {
      ...processEnv(second!),
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'warn',
    });
    gateway = startScript(path.join(ROOT, gatewayProc.entry), {
      ...processEnv(gatewayProc),
      PORT: String(gatewayPort),
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      SERVICE_URL_CASES: `${mainCases},${replicaUrl}`,
    });
    await eventually(
      () => ready(replicaUrl),
      (s) => s === 200,
      { what: `the second cases replica ready: ${replica.output().slice(-800)}`, timeoutMs: 120_000 },
    );
    await eventually(
      () => ready(gatewayUrl),
      (s) => s === 200,
      { what: `the gateway of two replicas ready: ${gateway.output().slice(-800)}`, timeoutMs: 60_000 },
    );
    t = await everyRoleTenant('replicas');
    admin = credentialsOf(
      await new ApiClient({ baseUrl: mainGateway }).call(
        AUTH_API.login,
        {},
        { headers: loginHeaders(t.login('admin'), TEST_PASSWORD) },
      ),
    );
    radiologistId = t.users[t.login('radiologist')]!;
    await casesKnowUsers(t.tenantId, [radiologistId]);
    await events.start();
  }, 240_000);

  afterAll(async () => {
    await events.stop();
    if (gateway) await stop(gateway);
    if (replica) await stop(replica);
  });

  it('spreads worklist requests over both replicas in turn', async () => {
    const api = new ApiClient({ baseUrl: gatewayUrl });
    const before = await getCasesAnswered(replicaMetricsPort);
    const pages = [];
    for (let i = 0; i < 10; i++) pages.push(await api.call(CASES_API.getCases, { status: 'ALL' }, { session: admin }));
    // every answer is the same page of this company, whichever replica gave it
    expect(new Set(pages.map((p) => JSON.stringify(p.items.map((c) => c._id)))).size).toBe(1);
    // the second replica answered every other request (no one else knows its port); the running one the rest
    expect((await getCasesAnswered(replicaMetricsPort)) - before).toBe(5);
  });

  it('both replicas are members of the consumer group, each partition read by one of them', async () => {
    const admin = testKafka().admin();
    await admin.connect();
    try {
      const assignments = await eventually(
        async () => {
          const [group] = (await admin.describeGroups([CASES_GROUP])).groups;
          return {
            state: group!.state,
            members: group!.members.map(
              (m) => AssignerProtocol.MemberAssignment.decode(m.memberAssignment)?.assignment ?? {},
            ),
          };
        },
        (g) => g.state === 'Stable' && g.members.length >= 2,
        { what: `${CASES_GROUP} stable with both replicas`, timeoutMs: 60_000 },
      );
      // every member reads something, and no partition of any topic is read by two members
      for (const member of assignments.members) expect(Object.values(member).flat().length).toBeGreaterThan(0);
      const read = assignments.members.flatMap((m) =>
        Object.entries(m).flatMap(([topic, partitions]) => partitions.map((p) => `${topic}/${p}`)),
      );
      expect(read.length).toBe(new Set(read).size);
    } finally {
      await admin.disconnect();
    }
  }, 90_000);

  it('applies each arriving study once with two members: one case per study', async () => {
    const ids = [];
    for (let i = 0; i < 6; i++)
      ids.push(await arriveAt(events, t, i % 2 ? 'c1' : 'c2', { patientName: `REPLICA^${i}` }));
    expect(new Set(ids).size).toBe(6);
    const page = await new ApiClient({ baseUrl: gatewayUrl }).call(
      CASES_API.getCases,
      { status: 'ALL', search: 'REPLICA', pageSize: 50 },
      { session: admin },
    );
    expect(page.items.map((c) => c._id).sort()).toEqual([...ids].sort());
  }, 120_000);

  it("an update made through either replica reaches the console's sockets on either gateway", async () => {
    const onMain = await listen(mainGateway, admin);
    const onSecond = await listen(gatewayUrl, admin);
    try {
      expect(onMain.gatewayId).not.toBe(onSecond.gatewayId);
      const viaReplica = new ApiClient({ baseUrl: () => replicaUrl });
      const viaMain = new ApiClient({ baseUrl: () => mainCases });
      const first = await arriveAt(events, t, 'c1', { patientName: 'PUSH^ONE' });
      const second = await arriveAt(events, t, 'c1', { patientName: 'PUSH^TWO' });
      const assign = async (client: ApiClient, caseId: string) => {
        const c = await client.call(CASES_API.findOneCase, { _id: caseId }, { session: admin });
        await client.call(
          CASES_API.assignCases,
          { cases: [{ _id: c._id, version: c.version }], radiologistId },
          { session: admin },
        );
      };
      await assign(viaReplica, first); // the change made by the second replica
      await assign(viaMain, second); // and one made by the running one
      for (const listener of [onMain, onSecond]) {
        const assigned = await eventually(
          async () => listener.heard.filter((m) => m.type === 'CaseAssigned').map((m) => m.caseId),
          (ids) => ids.includes(first) && ids.includes(second),
          { what: 'both assignments pushed to a socket on each gateway', timeoutMs: 30_000 },
        );
        expect(assigned.filter((id) => id === first || id === second).sort()).toEqual([first, second].sort());
      }
    } finally {
      onMain.socket.close();
      onSecond.socket.close();
    }
  }, 120_000);
});
