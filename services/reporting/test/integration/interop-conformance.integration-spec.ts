import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import { CRITICAL_MESSAGES, REPORTING_API, type Case } from '@rayworks/contracts';
import { casesKnowUsers, runPythonTool, uploadSignature, type EveryRoleTenant } from '@rayworks/testing';
import { api, arrive, assignToRadiologist, everyRoleTenant, signIn, TestEvents } from '../support/cases.js';

/**
 * A case's FINAL report exported as HL7 v2.5 ORU^R01 and FHIR R4 DiagnosticReport through the gateway (decision 0189),
 * written by the whole report workflow (lock, save, sign, finalize) and read by software written by others:
 * python-hl7 and hl7apy (STRICT validation against v2.5: structure, data types, lengths) for the message, and
 * fhir.resources (pydantic models of FHIR R4 4.0.1) for the DiagnosticReport and its Patient — the Python packages
 * pinned in deploy/local/python-requirements.txt, installed by deploy/local/python-tools.sh, run by
 * test/conformance/interop_check.py. Before the report is final both exports are 409, never 404.
 */
const CHECK = fileURLToPath(new URL('../conformance/interop_check.py', import.meta.url));

interface Conformance {
  hl7: {
    pythonHl7: {
      segments: string[];
      messageType: string;
      version: string;
      characterSet: string;
      sendingFacility: string[];
      patientName: string[];
      observations: string[];
    };
    hl7apy: {
      valid: boolean;
      error: string | null;
      structure?: string;
      version?: string;
      characterSet?: string;
      patientName?: { family: string; given: string };
    };
  };
  fhir?: {
    fhirVersion: string;
    valid: boolean;
    errors: string[];
    status: string | null;
    patientName: { family: string | null; given: string[] | null; text: string | null } | null;
  };
}

const check = async (hl7: string, fhir?: unknown): Promise<Conformance> =>
  JSON.parse(await runPythonTool(CHECK, JSON.stringify({ hl7, ...(fhir ? { fhir } : {}) }))) as Conformance;

// UTF-8 beyond Latin-1, and HL7's separators, in the text of the report
const FINDINGS = 'Façade of the liver — no lesion; 日本語 ✓ | ^ & ~ \\ kept';

describe('report interoperability, checked by HL7 and FHIR software written by others', () => {
  let t: EveryRoleTenant;
  let other: EveryRoleTenant;
  const events = new TestEvents();
  let admin: Credentials;
  let radiologist: Credentials;
  let reception: Credentials;
  let outsider: Credentials;
  let caseId: string;
  let c: Case;

  beforeAll(async () => {
    [t, other] = await Promise.all([everyRoleTenant('interop'), everyRoleTenant('interopx')]);
    await events.start();
    [admin, radiologist, reception, outsider] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'radiologist'),
      signIn(t, 'reception'),
      signIn(other, 'admin'),
    ]);
    const R = t.users[t.login('radiologist')]!;
    await casesKnowUsers(t.tenantId, [R]);
    // a DICOM name with family, given, middle name and prefix (no suffix)
    caseId = await arrive(events, t, 'c1', { patientName: 'Sharma^Rohan^Kumar^Dr' });
    c = await assignToRadiologist(t, admin, caseId);
  }, 180_000);

  afterAll(async () => {
    await events.stop();
  });

  it('answers 409 (not final), never 404, before the report is final: none started, then a draft', async () => {
    for (const step of ['no report', 'draft'] as const) {
      if (step === 'draft') await api.call(REPORTING_API.getReportData, { caseId }, { session: radiologist });
      for (const route of [REPORTING_API.reportFhir, REPORTING_API.reportHl7]) {
        const answer = await api.reply(route, { caseId }, { session: admin });
        expect([step, route.path, answer.status, answer.body.message]).toEqual([
          step,
          route.path,
          409,
          CRITICAL_MESSAGES.reportNotFinal,
        ]);
      }
    }
  });

  it('exports the final report as an ORU^R01 that hl7apy validates against v2.5, and a FHIR R4 resource fhir.resources accepts', async () => {
    await api.call(REPORTING_API.lockReport, { caseId }, { session: radiologist });
    await api.call(
      REPORTING_API.saveReport,
      { caseId, reportHTML: `<p>${FINDINGS.replace(/&/g, '&amp;')}</p><p>Impression: normal.</p>`, baseVersion: 0 },
      { session: radiologist },
    );
    await uploadSignature(api, radiologist);
    expect((await api.call(REPORTING_API.finalizeReport, { caseId }, { session: radiologist })).status).toBe('FINAL');

    const { message } = await api.call(REPORTING_API.reportHl7, { caseId }, { session: reception });
    const fhir = await api.call(REPORTING_API.reportFhir, { caseId }, { session: reception });
    const seen = await check(message, fhir);

    // hl7apy: the message is a valid v2.5 ORU_R01 (no length past v2.5's, every segment where the structure wants it)
    expect(seen.hl7.hl7apy).toMatchObject({ valid: true, error: null, structure: 'ORU_R01', version: '2.5' });
    expect(seen.hl7.hl7apy.characterSet).toBe('UNICODE UTF-8');
    expect(seen.hl7.hl7apy.patientName).toEqual({ family: 'Sharma', given: 'Rohan' });
    // python-hl7: the same, component by component, text unescaped and intact in UTF-8
    const read = seen.hl7.pythonHl7;
    expect(read).toMatchObject({ messageType: 'ORU^R01^ORU_R01', version: '2.5', characterSet: 'UNICODE UTF-8' });
    expect(read.segments).toEqual(['MSH', 'PID', 'OBR', 'OBX', 'OBX']);
    // XPN: family ^ given ^ second given names ^ suffix ^ prefix
    expect(read.patientName).toEqual(['Sharma', 'Rohan', 'Kumar', '', 'Dr']);
    expect(read.sendingFacility).toEqual([c.centreName!.slice(0, 20).trimEnd(), c.centreId, 'UUID']);
    expect(read.observations[0]).toBe(`${FINDINGS}\rImpression: normal.`);
    expect(read.observations[1]).toBe(c.studyInstanceUid);

    // fhir.resources: a valid R4 DiagnosticReport whose contained Patient has family and given names
    expect(seen.fhir).toMatchObject({ fhirVersion: '4.0.1', valid: true, errors: [], status: 'final' });
    expect(seen.fhir!.patientName).toEqual({
      family: 'Sharma',
      given: ['Rohan', 'Kumar'],
      text: 'Sharma Rohan Kumar Dr',
    });
  });

  it('finds what is wrong: the checker refuses a message past v2.5 and a resource past R4', async () => {
    const { message } = await api.call(REPORTING_API.reportHl7, { caseId }, { session: reception });
    const fhir = await api.call(REPORTING_API.reportFhir, { caseId }, { session: reception });
    const broken = await check(message.replace(/^(MSH\|[^|]*\|[^|]*\|)[^|]*/, `$1${'X'.repeat(30)}`), {
      ...fhir,
      contained: [{ resourceType: 'Patient', name: [{ family: ['Sharma'] }] }],
    });
    expect(broken.hl7.hl7apy.valid).toBe(false);
    expect(broken.hl7.hl7apy.error).toMatch(/MaxLengthReached/);
    expect(broken.fhir!.valid).toBe(false);
    expect(broken.fhir!.errors.join('\n')).toMatch(/family/);
  });

  it("another company's user gets 404 on both exports", async () => {
    expect((await api.reply(REPORTING_API.reportFhir, { caseId }, { session: outsider })).status).toBe(404);
    expect((await api.reply(REPORTING_API.reportHl7, { caseId }, { session: outsider })).status).toBe(404);
  });
});
