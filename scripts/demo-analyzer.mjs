// npm run demo:analyzer [-- <barcode> …] [--critical]: plays the demo laboratory's analyzer (scripts/seed-demo-lims.mjs
// DEMO_ANALYZER) against the running stack. For each accepted sample of the demo company still waiting for results (or
// the barcodes given), it sends one HL7 v2.5.1 ORU^R01 over MLLP to the lims-analyzers listener, with a value for
// every parameter the analyzer runs: a normal one for the patient (the middle of their reference range), or with
// --critical a critical one for the first parameter that has a critical limit. Prints each acknowledgement. The lab
// then sees the values on the validation worksheet (/lims/lisvalidation). Demo company only; needs `npm start`.
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, GATEWAY_PORT, LIMS_ANALYZERS_PORTS, LIMS_API } from '@rayworks/contracts';
import { DEMO_ANALYZER, DEMO_ANALYZER_CODES } from './seed-demo-lims.mjs';

const DEMO_PASSWORD = 'Demo@1234';
const args = process.argv.slice(2);
const critical = args.includes('--critical');
const barcodes = new Set(args.filter((a) => !a.startsWith('--')).map((a) => a.toUpperCase()));

const api = new ApiClient({ baseUrl: `http://127.0.0.1:${GATEWAY_PORT}` });
const session = await api.call(AUTH_API.login, {}, { headers: loginHeaders('admin', DEMO_PASSWORD) });
const sheet = await api.call(LIMS_API.findWorksheet, { status: ['PENDING', 'ENTERED'], pageSize: 500 }, { session });
const tests = new Map(sheet.tests.map((t) => [t.versionId, t]));
const codeOf = new Map(DEMO_ANALYZER_CODES.map((c) => [`${c.testCode}/${c.parameterCode}`, c.analyzerCode]));

/** Decimal text with the parameter's fraction digits. */
const fixed = (n, decimals) => n.toFixed(decimals ?? 0);

/** A value for the patient: the middle of their range, else near its one limit, else inside what is possible. */
function normalValue(parameter, range) {
  const low = range?.low === null || range?.low === undefined ? null : Number(range.low);
  const high = range?.high === null || range?.high === undefined ? null : Number(range.high);
  if (low !== null && high !== null) return (low + high) / 2;
  if (high !== null) return high * 0.8;
  if (low !== null) return low * 1.3;
  const min = parameter.possibleMin === null ? 0 : Number(parameter.possibleMin);
  return min + 1;
}

/** The OBX segments of an order: each non-calculated numeric parameter the analyzer runs. */
function observations(order, state) {
  const test = tests.get(order.testVersionId);
  if (!test) return [];
  return test.parameters.flatMap((p) => {
    const code = codeOf.get(`${order.testCode}/${p.code}`);
    if (!code || p.formula || !['Numeric', 'Numeric unbound', 'Multiple ranges'].includes(p.type)) return [];
    const line = order.lines.find((l) => l.code === p.code);
    let value = normalValue(p, line?.range);
    if (critical && !state.criticalSent && p.criticalHigh !== null) {
      value = Math.min(Number(p.criticalHigh) * 1.1, p.possibleMax === null ? Infinity : Number(p.possibleMax));
      state.criticalSent = true;
    }
    state.n += 1;
    return [`OBX|${state.n}|NM|${code}^${p.name}||${fixed(value, p.decimals)}|${p.unit ?? ''}|||||F`];
  });
}

const bySample = new Map();
for (const order of sheet.items) {
  if (barcodes.size > 0 && !barcodes.has(order.barcode)) continue;
  bySample.set(order.barcode, [...(bySample.get(order.barcode) ?? []), order]);
}
if (bySample.size === 0) {
  console.log(
    barcodes.size > 0
      ? `[demo:analyzer] none of ${[...barcodes].join(', ')} is an accepted sample waiting for results`
      : '[demo:analyzer] no accepted sample is waiting for results: accept one at /lims/sampleaccession first',
  );
  process.exit(barcodes.size > 0 ? 1 : 0);
}

const client = new Hl7Client({ host: '127.0.0.1', port: LIMS_ANALYZERS_PORTS.hl7 });
await client.connect();
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
let sent = 0;
for (const [barcode, orders] of bySample) {
  const state = { n: 0, criticalSent: false };
  const obx = orders.flatMap((o) => observations(o, state));
  if (obx.length === 0) continue;
  const controlId = `DEMO-${stamp}-${barcode}`;
  const message = Hl7Message.parse(
    [
      `MSH|^~\\&|${DEMO_ANALYZER.sendingApplication}|${DEMO_ANALYZER.sendingFacility}|RAYWORKS|LIMS|${stamp}||ORU^R01^ORU_R01|${controlId}|P|2.5.1`,
      `PID|1||${orders[0].patient.mrNumber}`,
      `OBR|1||${barcode}|${orders.map((o) => o.testCode).join('~')}|||${stamp}`,
      ...obx,
    ].join('\r'),
  );
  const ack = await client.sendAndWait(message, { timeoutMs: 30_000 });
  const msa = ack.getSegment('MSA');
  console.log(
    `[demo:analyzer] ${barcode}: ${obx.length} results (${orders.map((o) => o.testCode).join(', ')}) → ${msa?.getField(1)?.toString()} ${msa?.getField(3)?.toString() ?? ''}`,
  );
  sent += 1;
}
await client.close();
console.log(`[demo:analyzer] ${sent} message(s) sent as ${DEMO_ANALYZER.sendingApplication}; see /lims/lisvalidation`);
