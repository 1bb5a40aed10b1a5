import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  ageOn,
  AnalyzerResultsMatchedV1,
  LabCriticalResultV1,
  LIMS_API,
  PARAMETER_MESSAGES,
  RESULT_MESSAGES,
  type OrderResults,
  type Sample,
} from '@rayworks/contracts';
import { eventually, everyRoleTenant, tenantQuery, TestEvents } from '@rayworks/testing';
import { api, labCompany, signIn, type Lab, type LabTestInput } from '../support/lab-visits.js';

/**
 * LIS validation against the running system, through the gateway (docs/decisions/0306): a visit registered at the desk,
 * its sample collected and accepted, then its results on the worksheet — typed and judged as they are saved
 * (calculated LDL, flags, refusals naming the parameter), validated by a person or by the test's rule, signed by the
 * pathologist, amended with the history kept; a critical value publishes LabCriticalResult once per amendment; the
 * patient's previous signed result and its delta; an analyzer's values never over a person's; reach by centre and
 * company.
 */
jest.setTimeout(180_000);

const LIPID: LabTestInput = {
  code: 'LIPID',
  name: 'Lipid Profile',
  department: 'Laboratory',
  subDepartmentCode: 'BIOC',
  subDepartmentName: 'Biochemistry',
  sampleType: 'SERUM',
  container: 'GOLD_SST',
  turnaroundHours: 6,
  method: 'Enzymatic; LDL by Friedewald',
  loincCode: null,
  parameters: [
    {
      code: 'TCHOL',
      name: 'Cholesterol, total',
      type: 'Numeric',
      unit: 'mg/dL',
      possibleMin: '20',
      possibleMax: '1000',
      ranges: [{ high: '200' }],
      delta: { percent: '50', absolute: null },
    },
    { code: 'HDL', name: 'HDL cholesterol', type: 'Numeric', unit: 'mg/dL', ranges: [{ low: '40' }] },
    {
      code: 'TG',
      name: 'Triglycerides',
      type: 'Numeric',
      unit: 'mg/dL',
      possibleMin: '10',
      possibleMax: '5000',
      criticalHigh: '1000',
      ranges: [{ high: '150' }],
    },
    {
      code: 'LDL',
      name: 'LDL cholesterol',
      type: 'Numeric',
      unit: 'mg/dL',
      ranges: [{ high: '100' }],
      formula: 'TCHOL - HDL - TG / 5',
    },
  ],
};

let lab: Lab;
let adminB: Credentials;
const events = new TestEvents();

const worksheet = (who: Credentials, q: Record<string, unknown> = {}) =>
  api.call(LIMS_API.findWorksheet, { pageSize: 500, ...q }, { session: who });
const orderOf = async (orderId: string, who?: Credentials): Promise<OrderResults | undefined> =>
  (
    await worksheet(who ?? lab.as.pathologist, {
      orderId,
      status: ['PENDING', 'ENTERED', 'VALIDATED', 'SIGNED'],
    })
  ).items[0];
const save = (order: { orderId: string; version: number }, values: Record<string, string | null>, validate = false) =>
  api.reply(
    LIMS_API.saveResults,
    { orderId: order.orderId, version: order.version, values, validate },
    { session: lab.as.pathologist },
  );
const line = (o: OrderResults, code: string) => o.lines.find((l) => l.code === code)!;

/** A LIPID visit at c2, its sample accepted: the order as the worksheet shows it. */
async function acceptedLipid(): Promise<{ sample: Sample; order: OrderResults }> {
  const registrationId = await lab.register('c2', ['LIPID']);
  const [sample] = await lab.samples(registrationId, 1);
  const accepted = await lab.accept(sample!);
  const order = await orderOf(accepted.orders[0]!._id);
  return { sample: accepted, order: order! };
}

/** The lims outbox's LabCriticalResult events of an order. */
const criticalEvents = (orderId: string) =>
  tenantQuery<{ id: string; payload: { alertId: string; results: { parameterCode: string }[] } }>(
    lab.tenant.tenantId,
    `SELECT id, envelope->'payload' AS payload FROM lims.outbox
      WHERE envelope->>'type' = $1 AND envelope->'payload'->>'labOrderId' = $2 ORDER BY id`,
    [LabCriticalResultV1.type, orderId],
  );

beforeAll(async () => {
  lab = await labCompany('results-a', [LIPID]);
  adminB = await signIn(await everyRoleTenant('results-b'), 'admin');
  await events.start();
}, 180_000);

afterAll(async () => {
  await events.stop();
});

describe('an accepted sample on the worksheet', () => {
  let order: OrderResults;

  beforeAll(async () => {
    order = (await acceptedLipid()).order;
  });

  it('is pending with its test version, patient and empty lines', async () => {
    const sheet = await worksheet(lab.as.pathologist, { orderId: order.orderId });
    expect(sheet.tests).toHaveLength(1);
    expect(sheet.tests[0]).toMatchObject({ code: 'LIPID', autoValidate: false });
    expect(order).toMatchObject({
      status: 'PENDING',
      testCode: 'LIPID',
      testVersionId: sheet.tests[0]!.versionId,
      patient: {
        mrNumber: lab.patients.c2.mrID,
        gender: 'Female',
        dateOfBirth: '1984-07-09',
        // the age the ranges judge by, for the console's judgeTest (collected today)
        age: ageOn('1984-07-09', order.collectedAt!.slice(0, 10)),
      },
      version: 1,
    });
    expect(order.lines.map((l) => [l.code, l.value])).toEqual([
      ['TCHOL', null],
      ['HDL', null],
      ['TG', null],
      ['LDL', null],
    ]);
  });

  it('judges typed values as they are saved: the calculated LDL, flags, and what holds it for a person', async () => {
    const answer = await save(order, { TCHOL: '180', HDL: '50', TG: '100' });
    expect([answer.status, answer.body.message]).toEqual([200, RESULT_MESSAGES.saved]);
    const saved = answer.body.data as OrderResults;
    expect(saved).toMatchObject({ status: 'ENTERED', complete: true, critical: false, version: 2 });
    expect(line(saved, 'LDL')).toMatchObject({ value: '110', source: 'CALCULATED', flag: 'HIGH' });
    expect(line(saved, 'TCHOL')).toMatchObject({ value: '180', source: 'MANUAL', flag: 'NORMAL' });
    expect(saved.holds).toEqual(['ruleOff', 'outOfRange']);
    // the worksheet reads back what was saved
    expect(await orderOf(order.orderId)).toEqual(saved);
    order = saved;
  });

  it('refuses a value the parameter cannot be, naming it, and changes nothing', async () => {
    for (const [values, message] of [
      [
        { TCHOL: '5000' },
        RESULT_MESSAGES.refused('Cholesterol, total', PARAMETER_MESSAGES.outsidePossibleValue('20', '1000')),
      ],
      [{ HDL: 'high' }, RESULT_MESSAGES.refused('HDL cholesterol', PARAMETER_MESSAGES.notANumber)],
      [{ GLU: '90' }, RESULT_MESSAGES.unknownParameter('GLU')],
    ] as const) {
      const answer = await save(order, values);
      expect([answer.status, answer.body.message]).toEqual([400, message]);
    }
    // a stale version is a 409
    const stale = await save({ ...order, version: 1 }, { TCHOL: '181' });
    expect([stale.status, stale.body.message]).toEqual([409, RESULT_MESSAGES.changed]);
    expect(await orderOf(order.orderId)).toEqual(order);
  });

  it('is validated by a person, signed by the pathologist, then changed only by an amendment', async () => {
    // the person is named as the directory has them (first and last name), never by login (docs/decisions/0374)
    const person = `pathologist ${lab.tenant.name}`;
    await eventually(
      () =>
        tenantQuery<{ n: number }>(
          lab.tenant.tenantId,
          `SELECT count(*)::int AS n FROM lims.users WHERE login_name = $1`,
          [lab.tenant.login('pathologist')],
        ),
      (rows) => rows[0]!.n === 1,
      { what: 'the pathologist in the LIMS read model of users', timeoutMs: 60_000 },
    );
    const validated = await save(order, {}, true);
    expect([validated.status, validated.body.message]).toEqual([200, RESULT_MESSAGES.validated]);
    const v = validated.body.data as OrderResults;
    expect(v).toMatchObject({ status: 'VALIDATED', autoValidated: false, validated: { name: person } });
    const signed = await api.call(LIMS_API.signResults, { orderIds: [order.orderId] }, { session: lab.as.pathologist });
    expect(signed.items[0]).toMatchObject({
      status: 'SIGNED',
      signed: { at: expect.any(String), name: person },
      validated: { name: person },
    });
    const afterSigning = await save(signed.items[0]!, { TCHOL: '190' });
    expect(afterSigning.status).toBe(409);
    // signing again: nothing is signed twice
    const again = await api.reply(LIMS_API.signResults, { orderIds: [order.orderId] }, { session: lab.as.pathologist });
    expect(again.status).toBe(409);

    const amended = await api.call(
      LIMS_API.amendResults,
      { orderId: order.orderId, version: signed.items[0]!.version, reason: 'HDL re-run after calibration' },
      { session: lab.as.pathologist },
    );
    expect(amended).toMatchObject({ status: 'ENTERED', amendment: 1, signed: null, validated: null });
    const corrected = await save(amended, { HDL: '45' }, true);
    expect(line(corrected.body.data as OrderResults, 'LDL').value).toBe('115');
    await api.call(LIMS_API.signResults, { orderIds: [order.orderId] }, { session: lab.as.pathologist });
    const { items } = await api.call(
      LIMS_API.resultHistory,
      { orderId: order.orderId },
      { session: lab.as.pathologist },
    );
    expect(items.map((h) => [h.amendment, h.status, h.reason])).toEqual([
      [0, 'SIGNED', null],
      [1, 'ENTERED', 'HDL re-run after calibration'],
      [1, 'SIGNED', null],
    ]);
    // the first signed values are kept as they were signed
    expect(items[0]!.lines.find((l) => l.code === 'HDL')!.value).toBe('50');
    expect(items[2]!.lines.find((l) => l.code === 'HDL')!.value).toBe('45');
  });
});

describe('a critical value', () => {
  it('publishes LabCriticalResult once per amendment, naming the critical parameters', async () => {
    const { order } = await acceptedLipid();
    const first = await save(order, { TCHOL: '180', HDL: '50', TG: '1200' });
    const saved = first.body.data as OrderResults;
    expect(saved).toMatchObject({ critical: true });
    expect(line(saved, 'TG').flag).toBe('CRITICAL_HIGH');
    // saved again while still critical: no second event
    await save(saved, { HDL: '52' });
    const published = await criticalEvents(order.orderId);
    expect(published).toHaveLength(1);
    expect(published[0]!.payload.results.map((r) => r.parameterCode)).toEqual(['TG']);
  });
});

describe("the patient's previous result", () => {
  it('is shown beside the new one with its delta check, and a change beyond the rule holds the results', async () => {
    // the patient's first LIPID (signed above in another order of this company's c2 patient)
    const { order } = await acceptedLipid();
    const answer = await save(order, { TCHOL: '300', HDL: '50', TG: '100' });
    const saved = answer.body.data as OrderResults;
    // previous total cholesterol was 180 (the last signed): +120 is beyond 50 %
    expect(line(saved, 'TCHOL')).toMatchObject({ previous: '180', delta: { difference: '120', exceeded: true } });
    expect(saved.holds).toContain('delta');
  });
});

describe("an analyzer's values", () => {
  it("are entered on the order (never over a person's), judged the same way", async () => {
    const { sample, order } = await acceptedLipid();
    await save(order, { HDL: '60' });
    const sent = (parameterCode: string, value: string) => ({
      resultId: randomUUID(),
      labOrderId: order.orderId,
      testCode: 'LIPID',
      parameterCode,
      value,
      unit: 'mg/dL',
      flags: null,
      observedAt: null,
    });
    const eventId = randomUUID();
    await events.send(AnalyzerResultsMatchedV1.topic, sample._id, {
      id: eventId,
      type: AnalyzerResultsMatchedV1.type,
      version: AnalyzerResultsMatchedV1.version,
      occurredAt: new Date().toISOString(),
      tenantId: lab.tenant.tenantId,
      actor: { type: 'service', id: 'lims-analyzers-test' },
      correlationId: `it-${eventId}`,
      causationId: null,
      payload: AnalyzerResultsMatchedV1.schema.parse({
        sampleId: sample._id,
        barcode: sample.barcode,
        analyzerId: randomUUID(),
        messageId: randomUUID(),
        resolvedBy: null,
        results: [sent('TCHOL', '170'), sent('HDL', '30'), sent('TG', '90')],
      }),
    });
    const entered = await eventually(
      () => orderOf(order.orderId),
      (o) => o?.lines.find((l) => l.code === 'TCHOL')?.value === '170',
      { what: "the analyzer's values on the order", timeoutMs: 60_000 },
    );
    expect(line(entered!, 'TCHOL')).toMatchObject({ source: 'ANALYZER', flag: 'NORMAL' });
    expect(line(entered!, 'HDL')).toMatchObject({ value: '60', source: 'MANUAL' });
    expect(line(entered!, 'LDL')).toMatchObject({ value: '92', source: 'CALCULATED' });
  });
});

describe('reach', () => {
  it("keeps another centre's and another company's orders out of the worksheet, and their saves are 404", async () => {
    const registrationId = await lab.register('c1', ['LIPID']);
    const [sample] = await lab.samples(registrationId, 1);
    // accepted at c1's lab (the pathologist of c2 cannot accept it: set as accession would)
    await tenantQuery(
      lab.tenant.tenantId,
      `UPDATE lims.samples SET status = 'ACCEPTED', collected_at = now(), accepted_at = now(),
         accepted_by_name = 'c1 lab' WHERE id = $1`,
      [sample!._id],
    );
    const orderId = sample!.orders[0]!._id;
    expect((await worksheet(lab.as.pathologist)).items.map((o) => o.orderId)).not.toContain(orderId);
    expect((await worksheet(adminB)).items).toEqual([]);
    const foreign = await save({ orderId, version: 1 }, { TCHOL: '150' });
    expect([foreign.status, foreign.body.message]).toEqual([404, RESULT_MESSAGES.notFound]);
    const history = await api.reply(LIMS_API.resultHistory, { orderId }, { session: lab.as.pathologist });
    expect(history.status).toBe(404);
    expect(await orderOf(orderId, lab.as.admin)).toMatchObject({ status: 'PENDING', lines: expect.any(Array) });
  });
});
