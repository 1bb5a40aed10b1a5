import { describe, expect, it } from '@jest/globals';
import { DICTATION_MESSAGES, ROLE_CODES, type Case } from '@rayworks/contracts';
import type { ReportActor } from '../reports/report-rules.js';
import { dictationKey, isDictationKeyOf, mayRecord, sniffAudio } from './dictation-rules.js';

const READER = '11111111-1111-4111-8111-111111111111';
const OTHER_RAD = '22222222-2222-4222-8222-222222222222';
const TYPIST = '33333333-3333-4333-8333-333333333333';
const TENANT = '66666666-6666-4666-8666-666666666666';
const CASE = '55555555-5555-4555-8555-555555555555';
const CLIP = '88888888-8888-4888-8888-888888888888';

const reader: ReportActor = { userId: READER, roleCodes: [ROLE_CODES.CENTER_RADIOLOGIST] };
const other: ReportActor = { userId: OTHER_RAD, roleCodes: [ROLE_CODES.CENTER_RADIOLOGIST] };
const typist: ReportActor = { userId: TYPIST, roleCodes: [ROLE_CODES.TYPIST] };

const aCase = (over: Partial<Case> = {}): Case => ({
  _id: '55555555-5555-4555-8555-555555555555',
  version: 3,
  status: 'IN PROGRESS',
  worklistStatus: 'IN PROGRESS',
  fusionStatus: null,
  workflowType: 'Center',
  companyId: '66666666-6666-4666-8666-666666666666',
  groupId: null,
  centreId: '77777777-7777-4777-8777-777777777777',
  centreName: 'C',
  patientName: 'DOE^JANE',
  patientId: 'P1',
  patientSex: 'F',
  patientBirthDate: '19800101',
  accessionNumber: 'A1',
  referringPhysician: null,
  studyInstanceUid: '1.2.3',
  studyId: null,
  studyDescription: 'CT HEAD',
  bodyPart: 'HEAD',
  modality: 'CT',
  modalities: ['CT'],
  studyDate: '20261101',
  seriesCount: 2,
  instanceCount: 10,
  seriesInstanceUids: null,
  parentCaseId: null,
  imagingState: 'IMPORTED',
  priority: 'ROUTINE',
  legends: [],
  radiologistId: READER,
  radiologistName: 'Dr R',
  typistId: null,
  typistName: null,
  onHold: false,
  recallRequested: false,
  rejectReason: null,
  fusionCentreId: null,
  receivedAt: null,
  dueAt: null,
  assignedAt: null,
  completedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** The first bytes MediaRecorder writes in Chromium (EBML header, DocType "webm"). */
const WEBM_HEAD = Uint8Array.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
  0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
]);
const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

describe('what the stored bytes are (sniffAudio)', () => {
  it('WebM by its EBML header with DocType webm, Ogg by OggS', () => {
    expect(sniffAudio(WEBM_HEAD)).toBe('audio/webm');
    expect(sniffAudio(bytes('OggS\x00\x02\x00\x00OpusHead'))).toBe('audio/ogg');
  });

  it('Matroska (EBML with DocType matroska), a WAV, an MP3, a PNG, text and nothing are none of them', () => {
    const mkv = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88, ...bytes('matroska')]);
    expect(sniffAudio(mkv)).toBeNull();
    expect(sniffAudio(bytes('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffAudio(bytes('ID3\x03\x00\x00\x00'))).toBeNull();
    expect(sniffAudio(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(sniffAudio(bytes('<html>webm</html>'))).toBeNull();
    expect(sniffAudio(new Uint8Array(0))).toBeNull();
  });
});

describe('where a clip is kept', () => {
  it("a key is the case's prefix, a uuid and the type's extension; anything else is not the case's", () => {
    const key = dictationKey(TENANT, CASE, CLIP, 'audio/webm');
    expect(key).toBe(`dictations/${TENANT}/${CASE}/${CLIP}.webm`);
    expect(isDictationKeyOf(key, TENANT, CASE, 'audio/webm')).toBe(true);
    expect(isDictationKeyOf(key, TENANT, CASE, 'audio/ogg')).toBe(false);
    expect(isDictationKeyOf(key, TENANT, OTHER_RAD, 'audio/webm')).toBe(false);
    expect(isDictationKeyOf(`dictations/${TENANT}/${CASE}/../x/${CLIP}.webm`, TENANT, CASE, 'audio/webm')).toBe(false);
    expect(isDictationKeyOf(`reports/${TENANT}/${CASE}/${CLIP}.webm`, TENANT, CASE, 'audio/webm')).toBe(false);
  });
});

describe('who records (mayRecord)', () => {
  it('the reading radiologist of a case IN PROGRESS; another radiologist or a typist is refused (409)', () => {
    expect(mayRecord(aCase(), 'DRAFT', reader)).toEqual({ ok: true });
    expect(mayRecord(aCase(), 'DRAFT', other)).toMatchObject({ ok: false, code: 409 });
    expect(mayRecord(aCase(), 'DRAFT', typist)).toMatchObject({ ok: false, code: 409 });
  });

  it('nobody records while the case is at the typist (the transcriptionist plays the clips)', () => {
    const atTypist = aCase({ status: 'PENDING AT TYPIST', typistId: TYPIST });
    expect(mayRecord(atTypist, 'AT_TYPIST', typist)).toEqual({
      ok: false,
      code: 409,
      message: DICTATION_MESSAGES.notRecorder('PENDING AT TYPIST'),
    });
    expect(mayRecord(atTypist, 'AT_TYPIST', reader)).toMatchObject({ ok: false, code: 409 });
  });

  it('a final report takes no new clip', () => {
    expect(mayRecord(aCase({ status: 'COMPLETED' }), 'FINAL', reader)).toMatchObject({ ok: false, code: 409 });
  });
});
