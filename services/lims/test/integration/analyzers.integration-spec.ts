import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  ANALYZER_MESSAGES,
  AUTH_API,
  GATEWAY_PORT,
  LIMS_API,
  ROLE_CODES,
  type AnalyzerResult,
} from '@rayworks/contracts';
import {
  crash,
  eventually,
  everyRoleTenant,
  freePort,
  limsKnowsCentres,
  provisionTenant,
  pythonToolsInterpreter,
  runPythonTool,
  startScript,
  stop,
  TEST_PASSWORD,
  tenantQuery,
  type EveryRoleTenant,
  stackProcesses,
  uniqueTenantName,
} from '@rayworks/testing';

/**
 * The analyzer listener (lims-analyzers; docs/decisions/0301–0304) against the real PostgreSQL, Redis and Kafka, with
 * clients written by others: python-hl7's mllp_send (HL7 v2 over MLLP) and python-astm (ASTM E1381/E1394). Each test
 * file starts its own listener on spare ports (the kill test kills it), with the environment npm start gives the lims
 * processes; the setup API and the unmatched queue are called through the gateway. An ORU^R01 is stored before its AA
 * and matched to the sample's orders; a duplicate control id has no second effect; a malformed message is AR/AE and
 * stores nothing; an unknown barcode or code waits in the unmatched queue until a lab user resolves or discards it; a
 * value outside the parameter's possible range is refused with its message; an ASTM session is ACKed and stored; a
 * listener killed in the middle of a stream loses no acknowledged message and stores none twice.
 */
jest.setTimeout(180_000);
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const BASE = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const api = new ApiClient({ baseUrl: BASE });
const ENTRY = join(ROOT, 'services/lims/dist/analyzers.js');
const ASTM_CLIENT = join(ROOT, 'services/lims/test/clients/astm_send.py');

const { processTable, processEnv } = await stackProcesses();

interface Listener {
  stop: () => Promise<void>;
  kill: () => Promise<void>;
  output: () => string;
}
let ports: { health: number; hl7: number; astm: number };

/** A lims-analyzers process of the test's own, on its spare ports, once it answers ready. */
async function startListener(): Promise<Listener> {
  const worker = processTable().find((p) => p.name === 'lims-worker')!;
  const child = startScript(ENTRY, {
    ...processEnv(worker),
    PORT: String(ports.health),
    HL7_MLLP_PORT: String(ports.hl7),
    ASTM_PORT: String(ports.astm),
    ANALYZER_HOST: '127.0.0.1',
    // the worker's metrics port is the running lims-worker's: a free one
    METRICS_PORT: '0',
  });
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`lims-analyzers exited: ${child.output().slice(-2000)}`);
      return (await fetch(`http://127.0.0.1:${ports.health}/health/ready`)).status;
    },
    (status) => status === 200,
    { what: 'lims-analyzers ready', timeoutMs: 60_000, intervalMs: 250 },
  );
  return { stop: () => stop(child), kill: () => crash(child), output: () => child.output() };
}

const VT = String.fromCharCode(0x0b);

/** Sends HL7 messages with python-hl7's mllp_send, one connection, each after the last one's answer: the answers. */
async function mllpSend(messages: string[], onAnswer?: (answers: string[]) => void): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'mllp-'));
  const file = join(dir, 'messages.hl7');
  writeFileSync(file, messages.map((m) => `${m}\x1c`).join(''), 'utf8');
  const child = spawn(join(dirname(pythonToolsInterpreter()), 'mllp_send'), [
    '-f',
    file,
    '-p',
    String(ports.hl7),
    '127.0.0.1',
  ]);
  let out = '';
  // it prints each answer as it came, MLLP frame and all (VT ... FS CR), then a new line
  const answers = (): string[] =>
    out
      .split('\x1c')
      .map((frame) => frame.replace(/^[\r\n]*/, '').replace(VT, ''))
      .filter((frame) => frame.startsWith('MSH|'));
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString('utf8');
    onAnswer?.(answers());
  });
  await new Promise((resolve) => child.on('close', resolve));
  return answers();
}
/** MSA-1 and MSA-2 of an answer. */
const msa = (answer: string): { code: string; controlId: string } => {
  const segment = answer.split('\r').find((s) => s.startsWith('MSA|')) ?? '';
  const [, code = '', controlId = ''] = segment.split('|');
  return { code, controlId };
};

const stamp = `${Date.now()}`.slice(-7);
const hl7App = `COBAS${stamp}`;
const astmApp = `ARCH${stamp}`;
const oru = (controlId: string, barcode: string, obx: string[], app = hl7App) =>
  [
    `MSH|^~\\&|${app}|LAB1|RAYWORKS|LIMS|20261129093000||ORU^R01^ORU_R01|${controlId}|P|2.5.1`,
    'PID|1||MR1',
    `OBR|1|P1|${barcode}||||20261129092000`,
    ...obx,
  ].join('\r');
const hgb = (value: string) => `OBX|1|NM|HGB^Haemoglobin||${value}|g/dL|12-16|N|||F`;
const wbc = (value: string) => `OBX|2|NM|WBC||${value}|10*3/uL||H|||F`;

let a: EveryRoleTenant;
let admin: Credentials;
let receptionist: Credentials;
let listener: Listener;
let hl7AnalyzerId: string;
const samples: { id: string; barcode: string }[] = [];

/** A sample of the company with orders of these tests (as slice 3 makes them from a registration). */
async function sampleWithOrders(tests: string[]): Promise<{ id: string; barcode: string }> {
  const barcode = `L${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  const [sample] = await tenantQuery<{ id: string }>(
    a.tenantId,
    `INSERT INTO lims.samples (tenant_id, centre_id, registration_id, registration_number, registered_at, patient_id,
            mr_number, patient_name, gender, sample_type, container, barcode, status, collected_at, collection_place)
     VALUES ($1, $2, gen_random_uuid(), 'R-1', now(), gen_random_uuid(), 'MR1', 'Test Patient', 'Female', 'WB_EDTA',
            'LAVENDER_EDTA', $3, 'COLLECTED', now(), 'CENTRE') RETURNING id`,
    [a.tenantId, a.centres.c1, barcode],
  );
  for (const test of tests)
    await tenantQuery(
      a.tenantId,
      `INSERT INTO lims.lab_orders (tenant_id, sample_id, registration_id, registration_item_id, test_code, test_name,
              status)
       SELECT tenant_id, id, registration_id, gen_random_uuid(), $2, $2, 'ORDERED' FROM lims.samples WHERE id = $1`,
      [sample!.id, test],
    );
  const made = { id: sample!.id, barcode };
  samples.push(made);
  return made;
}

const resultsOf = async (filter: { sampleId?: string; status?: AnalyzerResult['status'] }) =>
  (
    await api.call(
      LIMS_API.findAnalyzerResults,
      { ...filter, pageSize: 100, sortBy: 'analyzerCode' },
      { session: admin },
    )
  ).items;
const messagesOf = async (controlIds: string[]) =>
  tenantQuery<{ control_id: string; n: number }>(
    a.tenantId,
    `SELECT control_id, count(*)::int AS n FROM lims.analyzer_messages WHERE control_id = ANY($1) GROUP BY control_id`,
    [controlIds],
  );

beforeAll(async () => {
  a = await everyRoleTenant('analyzers');
  const signIn = async (who: 'admin' | 'reception') =>
    credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(a.login(who), TEST_PASSWORD) }));
  [admin, receptionist] = await Promise.all([signIn('admin'), signIn('reception')]);
  ports = { health: await freePort(), hl7: await freePort(), astm: await freePort() };
  listener = await startListener();
  // an analyzer names one of the company's centres as the LIMS knows them (docs/decisions/0373)
  await limsKnowsCentres(a.tenantId, [a.centres.c1!]);

  const hl7 = await api.call(
    LIMS_API.createAnalyzer,
    {
      name: 'Cobas c311',
      protocol: 'HL7',
      sendingApplication: hl7App,
      sendingFacility: 'LAB1',
      centreId: a.centres.c1!,
    },
    { session: admin },
  );
  hl7AnalyzerId = hl7._id;
  const astm = await api.call(
    LIMS_API.createAnalyzer,
    { name: 'Architect', protocol: 'ASTM', sendingApplication: astmApp, centreId: a.centres.c1! },
    { session: admin },
  );
  const codes = [
    { analyzerCode: 'HGB', testCode: 'cbc', parameterCode: 'HGB' },
    { analyzerCode: 'WBC', testCode: 'CBC', parameterCode: 'WBC' },
  ];
  for (const id of [hl7._id, astm._id])
    expect(await api.call(LIMS_API.saveAnalyzerCodes, { id, codes }, { session: admin })).toHaveLength(2);
  await api.call(
    LIMS_API.createLabTest,
    {
      code: 'cbc',
      name: 'Complete Blood Count',
      subDepartmentCode: 'HAEM',
      subDepartmentName: 'Haematology',
      sampleType: 'WB_EDTA',
      container: 'LAVENDER_EDTA',
      turnaroundHours: 4,
      method: 'Impedance',
      parameters: [
        { code: 'HGB', name: 'Haemoglobin', type: 'Numeric', unit: 'g/dL', possibleMin: '0', possibleMax: '25' },
        { code: 'WBC', name: 'White cells', type: 'Numeric', unit: '10*3/uL', possibleMin: '0', possibleMax: '500' },
      ],
    },
    { session: admin },
  );
}, 180_000);

afterAll(async () => {
  await listener?.stop();
});

describe('the analyzers setup', () => {
  it('refuses a second analyzer with the same sending identity (the listener could not tell them apart)', async () => {
    const again = await api.reply(
      LIMS_API.createAnalyzer,
      {
        name: 'Another',
        protocol: 'HL7',
        sendingApplication: hl7App,
        sendingFacility: 'LAB1',
        centreId: a.centres.c1!,
      },
      { session: admin },
    );
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: ANALYZER_MESSAGES.senderTaken,
    });
    const denied = await api.reply(LIMS_API.findAnalyzers, {}, { session: receptionist });
    expect(denied.status).toBe(403);
  });
});

/** Whether a TCP connection to host:port opens (true) or is refused (false). */
const connects = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 5_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

describe('the listening address', () => {
  it('takes analyzers only on ANALYZER_HOST: HL7 and ASTM both, not every interface', async () => {
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    expect(outside).toBeDefined();
    // the listener of this file was started with ANALYZER_HOST=127.0.0.1
    expect(await connects('127.0.0.1', ports.hl7)).toBe(true);
    expect(await connects('127.0.0.1', ports.astm)).toBe(true);
    expect({ hl7: await connects(outside!, ports.hl7), astm: await connects(outside!, ports.astm) }).toEqual({
      hl7: false,
      astm: false,
    });
  });
});

describe('HL7 v2 over MLLP', () => {
  it('answers AA to an ORU^R01 only once it is stored, and matches its results to the sample and its orders', async () => {
    const sample = await sampleWithOrders(['CBC']);
    const [answer] = await mllpSend([oru(`A-${stamp}`, sample.barcode, [hgb('13.5'), wbc('11.2')])]);
    expect(msa(answer!)).toEqual({ code: 'AA', controlId: `A-${stamp}` });
    // stored before the answer: there when the answer is
    expect(await messagesOf([`A-${stamp}`])).toEqual([{ control_id: `A-${stamp}`, n: 1 }]);
    const matched = await eventually(
      () => resultsOf({ sampleId: sample.id }),
      (rows) => rows.length === 2,
      { what: 'the two results matched' },
    );
    expect(
      matched.map((r) => [r.analyzerCode, r.status, r.testCode, r.parameterCode, r.value, r.unit, r.flags]),
    ).toEqual([
      ['HGB', 'MATCHED', 'CBC', 'HGB', '13.5', 'g/dL', 'N'],
      ['WBC', 'MATCHED', 'CBC', 'WBC', '11.2', '10*3/uL', 'H'],
    ]);
    expect(matched.every((r) => r.labOrderId !== null && r.analyzerName === 'Cobas c311')).toBe(true);
    // AnalyzerResultsMatched, key = the sample, in the same transaction (outbox)
    const published = await tenantQuery<{ n: number }>(
      a.tenantId,
      `SELECT count(*)::int AS n FROM lims.outbox WHERE envelope->>'type' = 'AnalyzerResultsMatched' AND message_key = $1`,
      [sample.id],
    );
    expect(published).toEqual([{ n: 1 }]);
  });

  it('answers a duplicate control id AA again, with no second effect', async () => {
    const sample = await sampleWithOrders(['CBC']);
    const message = oru(`D-${stamp}`, sample.barcode, [hgb('14.1')]);
    const answers = await mllpSend([message, message]);
    expect(answers.map(msa)).toEqual([
      { code: 'AA', controlId: `D-${stamp}` },
      { code: 'AA', controlId: `D-${stamp}` },
    ]);
    await eventually(
      () => resultsOf({ sampleId: sample.id }),
      (rows) => rows.length === 1,
      { what: 'one result' },
    );
    expect((await mllpSend([message])).map(msa)).toEqual([{ code: 'AA', controlId: `D-${stamp}` }]);
    expect(await messagesOf([`D-${stamp}`])).toEqual([{ control_id: `D-${stamp}`, n: 1 }]);
    expect(await resultsOf({ sampleId: sample.id })).toHaveLength(1);
  });

  it('answers AR to an envelope it cannot take and AE to content it cannot read, storing nothing', async () => {
    const sample = await sampleWithOrders(['CBC']);
    const answers = await mllpSend([
      'this is no HL7 message',
      oru(`M1-${stamp}`, sample.barcode, [hgb('13')]).replace('ORU^R01^ORU_R01', 'ADT^A01'),
      oru('', sample.barcode, [hgb('13')]),
      oru(`M3-${stamp}`, sample.barcode, []),
      oru(`M4-${stamp}`, sample.barcode, ['OBX|1|NM|HGB||']),
      oru(`M5-${stamp}`, sample.barcode, [hgb('13')], 'UNKNOWN-SENDER'),
    ]);
    expect(answers.map(msa)).toEqual([
      { code: 'AR', controlId: '' },
      { code: 'AR', controlId: `M1-${stamp}` },
      { code: 'AR', controlId: '' },
      { code: 'AE', controlId: `M3-${stamp}` },
      { code: 'AE', controlId: `M4-${stamp}` },
      { code: 'AR', controlId: `M5-${stamp}` },
    ]);
    expect(answers[5]).toContain(ANALYZER_MESSAGES.ack.unknownSender('UNKNOWN-SENDER', 'LAB1'));
    expect(await messagesOf([`M1-${stamp}`, `M3-${stamp}`, `M4-${stamp}`, `M5-${stamp}`])).toEqual([]);
    const all = await tenantQuery<{ n: number }>(
      a.tenantId,
      `SELECT count(*)::int AS n FROM lims.analyzer_results WHERE barcode = $1`,
      [sample.barcode],
    );
    expect(all).toEqual([{ n: 0 }]);
  });

  it('refuses an analyzer once it is deactivated and takes it again once reactivated: the listener forgets the senders it remembers when an analyzer changes', async () => {
    const app = `PAUSED-${stamp}`;
    const paused = await api.call(
      LIMS_API.createAnalyzer,
      {
        name: `Sysmex ${stamp}`,
        protocol: 'HL7',
        sendingApplication: app,
        sendingFacility: 'LAB1',
        centreId: a.centres.c1!,
      },
      { session: admin },
    );
    const sample = await sampleWithOrders(['CBC']);
    const send = async (controlId: string) =>
      msa((await mllpSend([oru(controlId, sample.barcode, [hgb('12')], app)]))[0]!);
    // taken once: the listener now remembers the sender
    expect(await send(`P1-${stamp}`)).toEqual({ code: 'AA', controlId: `P1-${stamp}` });
    await api.call(LIMS_API.analyzerStatus, { id: paused._id, isActive: false }, { session: admin });
    // the change's NOTIFY reaches the listener a moment after the commit
    const refused = await eventually(
      () => send(`P2-${stamp}-${Date.now()}`),
      (answer) => answer.code === 'AR',
      { what: 'the deactivated analyzer refused' },
    );
    expect(refused.code).toBe('AR');
    await api.call(LIMS_API.analyzerStatus, { id: paused._id, isActive: true }, { session: admin });
    expect(await send(`P3-${stamp}`)).toEqual({ code: 'AA', controlId: `P3-${stamp}` });
    const stored = await messagesOf([`P1-${stamp}`, `P3-${stamp}`]);
    expect(stored.sort((x, y) => x.control_id.localeCompare(y.control_id))).toEqual([
      { control_id: `P1-${stamp}`, n: 1 },
      { control_id: `P3-${stamp}`, n: 1 },
    ]);
  });

  it('keeps an unknown barcode or code in the unmatched queue until a lab user resolves or discards it', async () => {
    const sample = await sampleWithOrders(['CBC']);
    const unknown = `L${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    const answers = await mllpSend([
      oru(`U1-${stamp}`, unknown, [hgb('12.9')]),
      oru(`U2-${stamp}`, sample.barcode, ['OBX|1|NM|PLT||250|10*3/uL']),
      oru(`U3-${stamp}`, sample.barcode, [hgb('99')]),
    ]);
    expect(answers.map((x) => msa(x).code)).toEqual(['AA', 'AA', 'AA']);
    const waiting = await eventually(
      () => resultsOf({ status: 'UNMATCHED' }),
      (rows) => rows.filter((r) => [unknown, sample.barcode].includes(r.barcode)).length === 2,
      { what: 'two unmatched results' },
    );
    const byBarcode = waiting.find((r) => r.barcode === unknown)!;
    const byCode = waiting.find((r) => r.analyzerCode === 'PLT')!;
    expect([byBarcode.reason, byBarcode.note]).toEqual(['UNKNOWN_BARCODE', ANALYZER_MESSAGES.unknownBarcode(unknown)]);
    expect([byCode.reason, byCode.note]).toEqual(['UNKNOWN_CODE', ANALYZER_MESSAGES.unknownCode('PLT')]);
    // refused, kept visible with its message: outside HGB's possible range 0–25
    const refused = await eventually(
      () => resultsOf({ sampleId: sample.id, status: 'REFUSED' }),
      (rows) => rows.length === 1,
      { what: 'the refused result' },
    );
    expect(refused[0]!.note).toBe(ANALYZER_MESSAGES.outsidePossibleRange('99', 'HGB (CBC)', '0', '25'));

    // a receptionist may not resolve; a wrong sample or a test the sample has no order of changes nothing
    const denied = await api.reply(
      LIMS_API.resolveAnalyzerResult,
      { id: byBarcode._id, barcode: sample.barcode, testCode: 'CBC', parameterCode: 'HGB' },
      { session: receptionist },
    );
    expect(denied.status).toBe(403);
    const noSample = await api.reply(
      LIMS_API.resolveAnalyzerResult,
      { id: byBarcode._id, barcode: 'L999999999', testCode: 'CBC', parameterCode: 'HGB' },
      { session: admin },
    );
    expect({ status: noSample.status, message: noSample.body.message }).toEqual({
      status: 404,
      message: ANALYZER_MESSAGES.sampleNotFound,
    });
    const noOrder = await api.reply(
      LIMS_API.resolveAnalyzerResult,
      { id: byBarcode._id, barcode: sample.barcode, testCode: 'LFT', parameterCode: 'ALT' },
      { session: admin },
    );
    expect({ status: noOrder.status, message: noOrder.body.message }).toEqual({
      status: 409,
      message: ANALYZER_MESSAGES.noOrderForTest('LFT'),
    });

    const resolved = await api.call(
      LIMS_API.resolveAnalyzerResult,
      { id: byBarcode._id, barcode: sample.barcode, testCode: 'CBC', parameterCode: 'HGB' },
      { session: admin },
    );
    expect(resolved).toMatchObject({ status: 'MATCHED', sampleId: sample.id, testCode: 'CBC', parameterCode: 'HGB' });
    expect(resolved.labOrderId).not.toBeNull();
    const again = await api.reply(
      LIMS_API.resolveAnalyzerResult,
      { id: byBarcode._id, barcode: sample.barcode, testCode: 'CBC', parameterCode: 'HGB' },
      { session: admin },
    );
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: ANALYZER_MESSAGES.resultNotOpen,
    });
    const discarded = await api.call(
      LIMS_API.discardAnalyzerResult,
      { id: byCode._id, reason: 'Platelets are not reported from this analyzer' },
      { session: admin },
    );
    expect(discarded).toMatchObject({ status: 'DISCARDED', note: 'Platelets are not reported from this analyzer' });
    const audit = await tenantQuery<{ action: string; target_id: string }>(
      a.tenantId,
      `SELECT action, target_id FROM lims.audit_log WHERE target_id = ANY($1) ORDER BY id`,
      [[byBarcode._id, byCode._id]],
    );
    expect(audit).toEqual([
      { action: 'ANALYZER_RESULT_RESOLVE', target_id: byBarcode._id },
      { action: 'ANALYZER_RESULT_DISCARD', target_id: byCode._id },
    ]);
  });

  it('loses no acknowledged message and stores none twice when the listener is killed in the middle of a stream', async () => {
    const sample = await sampleWithOrders(['CBC']);
    const ids = Array.from({ length: 150 }, (_, i) => `K${i}-${stamp}`);
    const messages = ids.map((id, i) => oru(id, sample.barcode, [hgb(`${10 + (i % 10)}.${i % 10}`)]));
    let killing: Promise<void> | null = null;
    const first = await mllpSend(messages, (answers) => {
      if (answers.length >= 20 && !killing) killing = listener.kill();
    });
    await killing;
    const acknowledged = first
      .map(msa)
      .filter((m) => m.code === 'AA')
      .map((m) => m.controlId);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(acknowledged.length).toBeLessThan(ids.length);

    // the analyzer sends again what it has no answer for (and the store may hold the one in flight: a duplicate)
    listener = await startListener();
    const rest = ids.filter((id) => !acknowledged.includes(id));
    const second = await mllpSend(messages.filter((_, i) => rest.includes(ids[i]!)));
    expect(second.map(msa)).toEqual(rest.map((controlId) => ({ code: 'AA', controlId })));

    const stored = await messagesOf(ids);
    expect(stored.length).toBe(ids.length);
    expect(stored.every((m) => m.n === 1)).toBe(true);
    // every stored message matched once: one result per message
    const counted = () =>
      tenantQuery<{ results: number; messages: number }>(
        a.tenantId,
        `SELECT count(*)::int AS results, count(DISTINCT message_id)::int AS messages
           FROM lims.analyzer_results WHERE sample_id = $1`,
        [sample.id],
      );
    await eventually(counted, ([c]) => c!.results >= ids.length, {
      what: `${ids.length} results, one per message`,
      timeoutMs: 90_000,
      intervalMs: 500,
    });
    expect(await counted()).toEqual([{ results: ids.length, messages: ids.length }]);
  });
});

describe('ASTM E1394 over TCP (E1381 framing)', () => {
  it('ACKs a session from python-astm, stores the message once and matches it', async () => {
    const sample = await sampleWithOrders(['CBC']);
    const message = [
      ['H', '\\^&', `AS-${stamp}`, '', [astmApp, '1.0']],
      ['P', '1'],
      ['O', '1', sample.barcode, '', ['', '', '', 'HGB']],
      ['R', '1', ['', '', '', 'HGB'], '13.9', 'g/dL', '', 'N'],
      ['R', '2', ['', '', '', 'WBC'], '7.4', '10*3/uL', '', 'N'],
      ['L', '1', 'N'],
    ];
    const sent = JSON.parse(
      await runPythonTool(ASTM_CLIENT, JSON.stringify({ host: '127.0.0.1', port: ports.astm, messages: [message] })),
    ) as { acks: boolean[] };
    expect(sent.acks).toEqual([true, true, true, true, true, true]);
    expect(await messagesOf([`AS-${stamp}`])).toEqual([{ control_id: `AS-${stamp}`, n: 1 }]);
    const matched = await eventually(
      () => resultsOf({ sampleId: sample.id }),
      (rows) => rows.length === 2,
      { what: 'the ASTM results matched' },
    );
    expect(matched.map((r) => [r.analyzerCode, r.status, r.value, r.analyzerName])).toEqual([
      ['HGB', 'MATCHED', '13.9', 'Architect'],
      ['WBC', 'MATCHED', '7.4', 'Architect'],
    ]);

    // the same message again: ACKed, nothing new; a message from an unknown sender: its terminator NAKed, not stored
    const again = JSON.parse(
      await runPythonTool(ASTM_CLIENT, JSON.stringify({ host: '127.0.0.1', port: ports.astm, messages: [message] })),
    ) as { acks: boolean[] };
    expect(again.acks.every(Boolean)).toBe(true);
    const stranger = structuredClone(message);
    stranger[0] = ['H', '\\^&', `AX-${stamp}`, '', ['NOBODY', '1.0']];
    const refused = JSON.parse(
      await runPythonTool(ASTM_CLIENT, JSON.stringify({ host: '127.0.0.1', port: ports.astm, messages: [stranger] })),
    ) as { acks: boolean[] };
    expect(refused.acks.at(-1)).toBe(false);
    expect(await messagesOf([`AS-${stamp}`, `AX-${stamp}`])).toEqual([{ control_id: `AS-${stamp}`, n: 1 }]);
    expect(await resultsOf({ sampleId: sample.id })).toHaveLength(2);
    expect(hl7AnalyzerId).toBeDefined();
  });
});

describe("reach: an analyzer's results are its centre's (docs/decisions/0373)", () => {
  it("shows each centre's lab its own analyzer's results, 404s resolve and discard across centres, and lets a company admin see both", async () => {
    const name = uniqueTenantName('anreach');
    const r = await provisionTenant({
      company: { name: `Test ${name}`, code: `test-${name}` },
      groups: [{ key: 'g', name: `Group ${name}`, code: `G${name}`.toUpperCase().slice(0, 20) }],
      centres: [
        { key: 'c1', name: `Centre A ${name}`, code: `CA${name}`.toUpperCase().slice(0, 20), group: 'g' },
        { key: 'c2', name: `Centre B ${name}`, code: `CB${name}`.toUpperCase().slice(0, 20), group: 'g' },
      ],
      users: (
        [
          ['admin', ROLE_CODES.ADMIN, undefined],
          ['path.a', ROLE_CODES.PATHOLOGIST, ['c1']],
          ['path.b', ROLE_CODES.PATHOLOGIST, ['c2']],
        ] as const
      ).map(([who, role, centres]) => ({
        loginName: `${name}.${who}`,
        firstName: who,
        lastName: name,
        email: `${name}.${who}@test.rayworks.local`,
        role,
        ...(centres ? { centres: [...centres] } : {}),
        password: TEST_PASSWORD,
        resetPassword: false,
      })),
    });
    const [c1, c2] = [r.centres.c1!, r.centres.c2!];
    const signIn = async (who: string) =>
      credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(`${name}.${who}`, TEST_PASSWORD) }));
    const [rAdmin, pathA, pathB] = [await signIn('admin'), await signIn('path.a'), await signIn('path.b')];
    await limsKnowsCentres(r.tenantId, [c1, c2]);

    // the centre must be one of the company's: an unknown one or another company's is 404
    for (const centreId of [a.centres.c1!, '00000000-0000-4000-8000-000000000000']) {
      const foreign = await api.reply(
        LIMS_API.createAnalyzer,
        { name: 'Foreign', protocol: 'HL7', sendingApplication: `RF${stamp}`, sendingFacility: 'X', centreId },
        { session: rAdmin },
      );
      expect({ status: foreign.status, message: foreign.body.message }).toEqual({
        status: 404,
        message: ANALYZER_MESSAGES.centreNotFound,
      });
    }
    const appA = `RA${stamp}`;
    const appB = `RB${stamp}`;
    const analyzerA = await api.call(
      LIMS_API.createAnalyzer,
      { name: 'Lab A analyzer', protocol: 'HL7', sendingApplication: appA, sendingFacility: 'LAB1', centreId: c1 },
      { session: rAdmin },
    );
    await api.call(
      LIMS_API.createAnalyzer,
      { name: 'Lab B analyzer', protocol: 'HL7', sendingApplication: appB, sendingFacility: 'LAB1', centreId: c2 },
      { session: rAdmin },
    );
    const listed = await api.call(LIMS_API.findAnalyzers, { sortBy: 'name' }, { session: rAdmin });
    expect(listed.items.map((x) => [x.name, x.centreId, x.centreName])).toEqual([
      ['Lab A analyzer', c1, `Centre A ${name}`],
      ['Lab B analyzer', c2, `Centre B ${name}`],
    ]);

    // one sample with a CBC order at each centre
    const sampleAt = async (centreId: string) => {
      const barcode = `L${String(randomInt(0, 1e9)).padStart(9, '0')}`;
      await tenantQuery(
        r.tenantId,
        `WITH s AS (
           INSERT INTO lims.samples (tenant_id, centre_id, group_id, registration_id, registration_number,
                  registered_at, patient_id, mr_number, patient_name, gender, sample_type, container, barcode, status,
                  collected_at, collection_place)
           VALUES ($1, $2, $3, gen_random_uuid(), 'R-1', now(), gen_random_uuid(), 'MR1', 'Test Patient', 'Female',
                  'WB_EDTA', 'LAVENDER_EDTA', $4, 'COLLECTED', now(), 'CENTRE') RETURNING *)
         INSERT INTO lims.lab_orders (tenant_id, sample_id, registration_id, registration_item_id, test_code,
                test_name, status)
         SELECT tenant_id, id, registration_id, gen_random_uuid(), 'CBC', 'Complete Blood Count', 'ORDERED' FROM s`,
        [r.tenantId, centreId, r.groups.g, barcode],
      );
      return barcode;
    };
    const [sampleA, sampleB] = [await sampleAt(c1), await sampleAt(c2)];

    // each analyzer sends a result for a barcode no sample has: each waits in its centre's queue
    const unknown = () => `L${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    const [fromA, fromB, laterA] = [unknown(), unknown(), unknown()];
    const sent = await mllpSend([
      oru(`RA1-${stamp}`, fromA, [hgb('12.1')], appA),
      oru(`RB1-${stamp}`, fromB, [hgb('12.2')], appB),
      oru(`RA2-${stamp}`, laterA, [hgb('12.3')], appA),
    ]);
    expect(sent.map((x) => msa(x).code)).toEqual(['AA', 'AA', 'AA']);
    const queue = (session: Credentials) =>
      api
        .call(LIMS_API.findAnalyzerResults, { status: 'UNMATCHED', sortBy: 'barcode', pageSize: 100 }, { session })
        .then((page) => page.items);
    const all = await eventually(
      () => queue(rAdmin),
      (rows) => rows.length === 3,
      { what: "the three results in the company admin's queue" },
    );
    const byBarcode = (barcode: string) => all.find((x) => x.barcode === barcode)!;
    // the listener's matching stored each with its analyzer's centre
    expect([fromA, fromB, laterA].map((b) => byBarcode(b).centreId)).toEqual([c1, c2, c1]);
    expect((await queue(pathA)).map((x) => x.barcode).sort()).toEqual([fromA, laterA].sort());
    expect((await queue(pathB)).map((x) => x.barcode)).toEqual([fromB]);

    // across centres: 404 as if not there, and nothing changes
    const resultA = byBarcode(fromA);
    const resultB = byBarcode(fromB);
    const notFound = { status: 404, message: ANALYZER_MESSAGES.resultNotFound };
    const reply = async (p: Promise<{ status: number; body: { message?: unknown } }>) => {
      const x = await p;
      return { status: x.status, message: x.body.message };
    };
    expect(
      await reply(
        api.reply(
          LIMS_API.resolveAnalyzerResult,
          { id: resultA._id, barcode: sampleA, testCode: 'CBC', parameterCode: 'HGB' },
          { session: pathB },
        ),
      ),
    ).toEqual(notFound);
    expect(
      await reply(api.reply(LIMS_API.discardAnalyzerResult, { id: resultA._id, reason: 'x' }, { session: pathB })),
    ).toEqual(notFound);
    expect(
      await reply(api.reply(LIMS_API.discardAnalyzerResult, { id: resultB._id, reason: 'x' }, { session: pathA })),
    ).toEqual(notFound);
    // a barcode named must be a sample the caller reaches: centre B's sample is not centre A's to use
    expect(
      await reply(
        api.reply(
          LIMS_API.resolveAnalyzerResult,
          { id: resultA._id, barcode: sampleB, testCode: 'CBC', parameterCode: 'HGB' },
          { session: pathA },
        ),
      ),
    ).toEqual({ status: 404, message: ANALYZER_MESSAGES.sampleNotFound });
    // its own sample, a test it has no order of: 409 as before
    expect(
      await reply(
        api.reply(
          LIMS_API.resolveAnalyzerResult,
          { id: resultA._id, barcode: sampleA, testCode: 'LFT', parameterCode: 'ALT' },
          { session: pathA },
        ),
      ),
    ).toEqual({ status: 409, message: ANALYZER_MESSAGES.noOrderForTest('LFT') });
    expect((await queue(rAdmin)).length).toBe(3);

    // each centre's lab resolves or discards its own
    const resolved = await api.call(
      LIMS_API.resolveAnalyzerResult,
      { id: resultA._id, barcode: sampleA, testCode: 'CBC', parameterCode: 'HGB' },
      { session: pathA },
    );
    expect(resolved).toMatchObject({ status: 'MATCHED', barcode: fromA, centreId: c1 });
    const discarded = await api.call(
      LIMS_API.discardAnalyzerResult,
      { id: resultB._id, reason: 'Control run' },
      { session: pathB },
    );
    expect(discarded).toMatchObject({ status: 'DISCARDED', centreId: c2 });

    // the analyzer moves to centre B's lab: what still waits moves with it, what was decided keeps its centre
    await api.call(
      LIMS_API.updateAnalyzer,
      {
        id: analyzerA._id,
        name: 'Lab A analyzer',
        protocol: 'HL7',
        sendingApplication: appA,
        sendingFacility: 'LAB1',
        centreId: c2,
      },
      { session: rAdmin },
    );
    expect((await queue(pathA)).map((x) => x.barcode)).toEqual([]);
    expect((await queue(pathB)).map((x) => x.barcode)).toEqual([laterA]);
    const decided = await api.call(
      LIMS_API.findAnalyzerResults,
      { status: 'MATCHED', pageSize: 100 },
      { session: pathA },
    );
    expect(decided.items.map((x) => x.barcode)).toEqual([fromA]);
  });
});
