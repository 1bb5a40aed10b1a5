import { execFileSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import type { Credentials } from '@rayworks/api-client';
import {
  LIMS_ANALYZERS_PORTS,
  LIMS_API,
  OUTSOURCING_MESSAGES as M,
  type ManifestDetail,
  type OrderResults,
  type OutsourcingLab,
  type Sample,
} from '@rayworks/contracts';
import { eventually, everyRoleTenant, limsKnowsCentres, tenantQuery } from '@rayworks/testing';
import { api, labCompany, signIn, type Lab, type LabTestInput } from '../support/lab-visits.js';

/**
 * Outsourcing labs and manifests against the running system, through the gateway (docs/decisions/0312, 0313): a lab
 * and the catalogue's tests it performs (unknown test 400, duplicate code 409, another company's analyzer 404);
 * accepted samples of the caller's reach put on a manifest with only the orders the lab performs (another centre's or
 * another company's sample 404 and nothing made; a sample on an open manifest 409), dispatched, received, and
 * completed by its results — typed on the worksheet (which names the lab), or sent over HL7 by the lab's linked
 * analyzer to the running lims-analyzers listener.
 */
jest.setTimeout(180_000);

const VITD: LabTestInput = {
  code: 'VITD',
  name: 'Vitamin D, 25-hydroxy',
  department: 'Laboratory',
  subDepartmentCode: 'BIOC',
  subDepartmentName: 'Biochemistry',
  sampleType: 'SERUM',
  container: 'GOLD_SST',
  turnaroundHours: 72,
  method: 'CLIA',
  loincCode: '62292-8',
  parameters: [{ code: 'VITD', name: 'Vitamin D, 25-OH', type: 'Numeric', unit: 'ng/mL', ranges: [{ low: '30' }] }],
};
const GLU: LabTestInput = {
  ...VITD,
  code: 'GLU',
  name: 'Glucose, fasting',
  turnaroundHours: 2,
  method: 'Hexokinase',
  loincCode: null,
  parameters: [{ code: 'GLU', name: 'Glucose', type: 'Numeric', unit: 'mg/dL', ranges: [{ low: '70', high: '100' }] }],
};

/** @medplum/hl7 bundles its own @medplum/core: one Hl7Message class under two declarations, the same at run time. */
type Hl7ClientMessage = Parameters<Hl7Client['sendAndWait']>[0];

const stamp = String(randomInt(100_000, 999_999));
let lab: Lab;
let adminB: Credentials;
/** The centre of company B its analyzer names. */
let centreB: string;
let srl: OutsourcingLab;

const labFields = (code: string, extra: Record<string, unknown> = {}) => ({
  name: `Metro Reference Lab ${code}`,
  code,
  contactPerson: 'Dr. Anita Desai',
  email: 'desk@metro-ref.example',
  phone: '+91 22 5555 0101',
  address: 'Lower Parel, Mumbai',
  tests: [{ testCode: 'vitd', turnaroundHours: 72 }],
  ...extra,
});

/** A VITD + GLU visit at the centre, its one sample (serum, gold top) accepted. */
async function acceptedSample(centre: 'c2' = 'c2'): Promise<Sample> {
  const [sample] = await lab.samples(await lab.register(centre, ['VITD', 'GLU']), 1);
  return lab.accept(sample!);
}

const manifest = (id: string, who: Credentials = lab.as.admin) =>
  api.call(LIMS_API.getManifest, { id }, { session: who });
const manifestsOf = async (who: Credentials) =>
  (await api.call(LIMS_API.findManifests, { pageSize: 100 }, { session: who })).items;
const orderOf = async (orderId: string): Promise<OrderResults> =>
  (
    await api.call(
      LIMS_API.findWorksheet,
      { orderId, status: ['PENDING', 'ENTERED', 'VALIDATED', 'SIGNED'] },
      { session: lab.as.pathologist },
    )
  ).items[0]!;
const vitdOrder = (sample: Sample) => sample.orders.find((o) => o.testCode === 'VITD')!;

async function dispatched(sampleIds: string[], labId = srl._id): Promise<ManifestDetail> {
  const m = await api.call(LIMS_API.createManifest, { labId, sampleIds }, { session: lab.as.admin });
  return api.call(
    LIMS_API.dispatchManifest,
    { id: m._id, version: m.version, courier: 'BlueDart', trackingNote: `AWB ${stamp}` },
    { session: lab.as.admin },
  );
}

beforeAll(async () => {
  lab = await labCompany('outsrc-a', [VITD, GLU]);
  const b = await everyRoleTenant('outsrc-b');
  adminB = await signIn(b, 'admin');
  centreB = b.centres.c1!;
  await limsKnowsCentres(lab.tenant.tenantId, [lab.tenant.centres.c1!]);
  await limsKnowsCentres(b.tenantId, [centreB]);
  srl = await api.call(LIMS_API.createOutsourcingLab, labFields('SRL'), { session: lab.as.admin });
}, 180_000);

describe('outsourcing labs', () => {
  it('are added with the catalogue tests they perform, their turnaround and contact', async () => {
    expect(srl).toMatchObject({
      code: 'SRL',
      contactPerson: 'Dr. Anita Desai',
      analyzerId: null,
      isActive: true,
      tests: [{ testCode: 'VITD', testName: 'Vitamin D, 25-hydroxy', turnaroundHours: 72 }],
    });
  });

  it('refuses a code the company has (409), a test not in the catalogue (400 naming it), changing nothing', async () => {
    const twice = await api.reply(LIMS_API.createOutsourcingLab, labFields('srl'), { session: lab.as.admin });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(M.codeTaken);
    const unknown = await api.reply(
      LIMS_API.createOutsourcingLab,
      labFields('NEW', {
        tests: [
          { testCode: 'VITD', turnaroundHours: 48 },
          { testCode: 'NOPE', turnaroundHours: 4 },
        ],
      }),
      { session: lab.as.admin },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`tests: ${M.unknownTests(['NOPE'])}`);
    const list = await api.call(LIMS_API.findOutsourcingLabs, { pageSize: 100 }, { session: lab.as.admin });
    expect(list.items.map((l) => l.code)).toEqual(['SRL']);
  });

  it("refuses another company's analyzer (404), and another company does not see the lab", async () => {
    const analyzerB = await api.call(
      LIMS_API.createAnalyzer,
      {
        name: 'B analyzer',
        protocol: 'HL7',
        sendingApplication: `OUTB${stamp}`,
        sendingFacility: 'B',
        centreId: centreB,
      },
      { session: adminB },
    );
    const linked = await api.reply(
      LIMS_API.updateOutsourcingLab,
      { id: srl._id, ...labFields('SRL', { analyzerId: analyzerB._id }) },
      { session: lab.as.admin },
    );
    expect(linked.status).toBe(404);
    expect(linked.body.message).toBe(M.analyzerNotFound);
    expect((await api.call(LIMS_API.findOutsourcingLabs, {}, { session: adminB })).items).toEqual([]);
    const status = await api.reply(
      LIMS_API.outsourcingLabStatus,
      { id: srl._id, isActive: false },
      { session: adminB },
    );
    expect(status.status).toBe(404);
  });
});

describe('a manifest', () => {
  let sample: Sample;

  beforeAll(async () => {
    sample = await acceptedSample();
  });

  it('offers the accepted samples of the caller’s reach with only the orders the lab performs', async () => {
    const mine = await api.call(LIMS_API.findManifestCandidates, { labId: srl._id }, { session: lab.as.admin });
    const offered = mine.items.find((c) => c.sampleId === sample._id);
    expect(offered).toMatchObject({ barcode: sample.barcode, mrNumber: lab.patients.c2.mrID });
    expect(offered!.orders.map((o) => o.testCode)).toEqual(['VITD']);
    // the c1 administrator does not reach the c2 sample
    const gca = await api.call(LIMS_API.findManifestCandidates, { labId: srl._id }, { session: lab.as.gca });
    expect(gca.items.map((c) => c.sampleId)).not.toContain(sample._id);
  });

  it("refuses another centre's sample and another company's (404), making nothing", async () => {
    const before = await manifestsOf(lab.as.admin);
    const gca = await api.reply(
      LIMS_API.createManifest,
      { labId: srl._id, sampleIds: [sample._id] },
      { session: lab.as.gca },
    );
    expect(gca.status).toBe(404);
    expect(gca.body.message).toBe(M.sampleNotFound);
    const labB = await api.call(LIMS_API.createOutsourcingLab, { ...labFields('B1'), tests: [] }, { session: adminB });
    const other = await api.reply(
      LIMS_API.createManifest,
      { labId: labB._id, sampleIds: [sample._id] },
      { session: adminB },
    );
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(M.sampleNotFound);
    expect(await manifestsOf(lab.as.admin)).toEqual(before);
    expect(await manifestsOf(adminB)).toEqual([]);
  });

  it('holds its samples: a second manifest is a 409; cancelling the draft lets them go', async () => {
    const draft = await api.call(
      LIMS_API.createManifest,
      { labId: srl._id, sampleIds: [sample._id] },
      { session: lab.as.admin },
    );
    expect(draft).toMatchObject({
      status: 'DRAFT',
      labName: srl.name,
      progress: { samples: 1, orders: 1, resulted: 0 },
      samples: [{ barcode: sample.barcode, orders: [{ testCode: 'VITD', resulted: false }] }],
    });
    expect(draft.number).toMatch(/^M\d{7}$/);
    const second = await api.reply(
      LIMS_API.createManifest,
      { labId: srl._id, sampleIds: [sample._id] },
      { session: lab.as.admin },
    );
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(M.sampleOnManifest(sample.barcode, draft.number));
    // the gca of c1 does not see the manifest of a c2 sample
    expect((await manifestsOf(lab.as.gca)).map((m) => m._id)).not.toContain(draft._id);
    expect((await api.reply(LIMS_API.getManifest, { id: draft._id }, { session: lab.as.gca })).status).toBe(404);

    const cancelled = await api.call(
      LIMS_API.cancelManifest,
      { id: draft._id, version: draft.version },
      { session: lab.as.admin },
    );
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelled: { name: expect.any(String) } });
    const again = await api.reply(
      LIMS_API.cancelManifest,
      { id: draft._id, version: cancelled.version },
      { session: lab.as.admin },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.notAllowed('CANCELLED', 'cancelled'));
    const audit = await tenantQuery<{ action: string; details: { event?: string; to?: string } }>(
      lab.tenant.tenantId,
      `SELECT action, details FROM lims.audit_log WHERE target_id = $1 ORDER BY id`,
      [draft._id],
    );
    expect(audit.map((a) => [a.action, a.details.to ?? null])).toEqual([
      ['MANIFEST_CREATE', null],
      ['MANIFEST_MOVE', 'CANCELLED'],
    ]);
  });

  it('is dispatched, received, and COMPLETED by the result typed on the worksheet, which names the lab', async () => {
    const sent = await dispatched([sample._id]);
    expect(sent).toMatchObject({ status: 'DISPATCHED', courier: 'BlueDart', trackingNote: `AWB ${stamp}` });
    const cancel = await api.reply(
      LIMS_API.cancelManifest,
      { id: sent._id, version: sent.version },
      { session: lab.as.admin },
    );
    expect(cancel.status).toBe(409);
    const stale = await api.reply(
      LIMS_API.receiveManifest,
      { id: sent._id, version: sent.version - 1 },
      { session: lab.as.admin },
    );
    expect(stale.status).toBe(409);
    const received = await api.call(
      LIMS_API.receiveManifest,
      { id: sent._id, version: sent.version },
      { session: lab.as.admin },
    );
    expect(received.status).toBe('RECEIVED_BY_LAB');

    const order = await orderOf(vitdOrder(sample)._id);
    expect(order.performedAt).toEqual({ labName: srl.name, manifestNumber: sent.number });
    const glu = await orderOf(sample.orders.find((o) => o.testCode === 'GLU')!._id);
    expect(glu.performedAt).toBeNull();
    await api.call(
      LIMS_API.saveResults,
      { orderId: order.orderId, version: order.version, values: { VITD: '24.5' }, validate: false },
      { session: lab.as.pathologist },
    );
    const done = await manifest(sent._id);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      progress: { orders: 1, resulted: 1 },
      samples: [{ orders: [{ testCode: 'VITD', resulted: true }] }],
    });
    expect(done.completedAt).not.toBeNull();
    // completed: the sample is free again, but its VITD went out already, so it is not offered for VITD again
    const offered = await api.call(LIMS_API.findManifestCandidates, { labId: srl._id }, { session: lab.as.admin });
    expect(offered.items.map((c) => c.sampleId)).not.toContain(sample._id);
  });

  it('prints "Performed at: <lab>" on the lab report under the outsourced test only', async () => {
    for (const o of sample.orders) {
      const order = await orderOf(o._id);
      const values: Record<string, string> = o.testCode === 'GLU' && order.status === 'PENDING' ? { GLU: '92' } : {};
      await api.call(
        LIMS_API.saveResults,
        { orderId: order.orderId, version: order.version, values, validate: true },
        { session: lab.as.pathologist },
      );
    }
    await api.call(
      LIMS_API.signResults,
      { orderIds: sample.orders.map((o) => o._id) },
      { session: lab.as.pathologist },
    );
    const ready = await eventually(
      () =>
        api.call(
          LIMS_API.labReportPdf,
          { registrationId: sample.registrationId, testCodes: ['VITD', 'GLU'] },
          { session: lab.as.pathologist },
        ),
      (r) => r.state === 'ready',
      { what: 'the lab report PDF stored', timeoutMs: 60_000, intervalMs: 500 },
    );
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'outsourced-')), 'report.pdf');
    writeFileSync(file, Buffer.from(await (await fetch(ready.url!)).arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[ \t]+/g, ' ');
    expect(text.match(/Performed at: /g)).toHaveLength(1);
    expect(text).toContain(M.performedAt(srl.name));
  });
});

describe('an outsourcing lab linked to an analyzer', () => {
  it('completes its manifest from an ORU^R01 over the running HL7 listener, matched by barcode', async () => {
    const app = `OUTSRC${stamp}`;
    const analyzer = await api.call(
      LIMS_API.createAnalyzer,
      {
        name: `Metro link ${stamp}`,
        protocol: 'HL7',
        sendingApplication: app,
        sendingFacility: 'METRO',
        centreId: lab.tenant.centres.c1!,
      },
      { session: lab.as.admin },
    );
    await api.call(
      LIMS_API.saveAnalyzerCodes,
      { id: analyzer._id, codes: [{ analyzerCode: 'VD25', testCode: 'VITD', parameterCode: 'VITD' }] },
      { session: lab.as.admin },
    );
    const metro = await api.call(LIMS_API.createOutsourcingLab, labFields('METRO', { analyzerId: analyzer._id }), {
      session: lab.as.admin,
    });
    expect(metro).toMatchObject({ analyzerId: analyzer._id, analyzerName: analyzer.name });
    const sample = await acceptedSample();
    const sent = await dispatched([sample._id], metro._id);

    const client = new Hl7Client({ host: '127.0.0.1', port: LIMS_ANALYZERS_PORTS.hl7 });
    await client.connect();
    try {
      const ack = await client.sendAndWait(
        Hl7Message.parse(
          [
            `MSH|^~\\&|${app}|METRO|RAYWORKS|LIMS|20261129120000||ORU^R01^ORU_R01|OUT-${stamp}|P|2.5.1`,
            `PID|1||${sample.mrNumber}`,
            `OBR|1||${sample.barcode}|VITD|||20261129115500`,
            `OBX|1|NM|VD25||31.2|ng/mL|30-100||||F`,
          ].join('\r'),
        ) as unknown as Hl7ClientMessage,
        { timeoutMs: 30_000 },
      );
      expect(ack.getSegment('MSA')?.getField(1)?.toString()).toBe('AA');
    } finally {
      await client.close();
    }
    const done = await eventually(
      () => manifest(sent._id),
      (m) => m.status === 'COMPLETED',
      { what: `manifest ${sent.number} completed by the analyzer's results`, timeoutMs: 60_000 },
    );
    expect(done.progress).toEqual({ samples: 1, orders: 1, resulted: 1 });
    const order = await orderOf(vitdOrder(sample)._id);
    expect(order.lines.find((l) => l.code === 'VITD')).toMatchObject({ value: '31.2', source: 'ANALYZER' });
    expect(order.performedAt).toEqual({ labName: metro.name, manifestNumber: sent.number });
  });
});
