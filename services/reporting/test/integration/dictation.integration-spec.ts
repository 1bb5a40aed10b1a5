import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import { DICTATION_MAX_BYTES, DICTATION_MESSAGES, REPORTING_API, type DictationType } from '@rayworks/contracts';
import { casesKnowUsers, eventually, tenantQuery, uploadSignature } from '@rayworks/testing';
import { arrive, assignToRadiologist, caseOf, TestEvents } from '../support/cases.js';
import { api, reportsTenant, signIn, type ReportsTenant } from './reports-support.js';

/**
 * Issue 25 item 5 against the running system (docs/decisions/0354-dictation-clips.md): the reading radiologist
 * uploads a recording to the object store with a URL signed for its type and size and attaches it; the clip is kept
 * in reporting.report_dictations (tenant RLS) with the report version it was recorded on; whoever reads the report
 * lists the clips and fetches the audio through the service; a caller who cannot read the case, and another company,
 * get 404; a forged type or an oversized upload is a 4xx and keeps nothing; the clips survive the typist, review and
 * finalize.
 */

/** The EBML header MediaRecorder writes in Chromium (DocType "webm"), then padding: the service checks the signature. */
const webm = (size: number): Buffer => {
  const head = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
    0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
  ]);
  const body = Buffer.alloc(size - head.length);
  for (let i = 0; i < body.length; i += 1) body[i] = (i * 31 + size) & 0xff;
  return Buffer.concat([head, body]);
};
/** A PNG's first bytes, padded: not audio whatever the type it is sent as. */
const png = (size: number): Buffer =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8, 7)]);

describe('dictation clips of a report', () => {
  let t: ReportsTenant;
  let other: ReportsTenant;
  const events = new TestEvents();
  let admin: Credentials;
  let radiologist: Credentials;
  let typist: Credentials;
  let typist2: Credentials;
  let stranger: Credentials;
  let strangerRad: Credentials;
  let caseId: string;
  let theirCaseId: string;
  let firstClipId: string;
  let firstBytes: Buffer;

  const put = (url: string, type: string, body: Buffer) =>
    fetch(url, { method: 'PUT', headers: { 'Content-Type': type }, body: new Uint8Array(body) });

  /** Asks for an upload URL, PUTs the bytes, and answers the attach call's reply. */
  const record = async (
    session: Credentials,
    bytes: Buffer,
    declared: DictationType = 'audio/webm',
    forCase = caseId,
    sentAs: string = declared,
  ) => {
    const target = await api.call(
      REPORTING_API.dictationUploadUrl,
      { caseId: forCase, contentType: declared, size: bytes.length },
      { session },
    );
    const stored = await put(target.uploadUrl, sentAs, bytes);
    const attached = await api.reply(
      REPORTING_API.attachDictation,
      { caseId: forCase, fileID: target.fileID, contentType: declared, size: bytes.length, durationMs: 4200 },
      { session },
    );
    return { target, stored, attached };
  };
  const clips = (session: Credentials, forCase = caseId) =>
    api.call(REPORTING_API.findDictations, { caseId: forCase }, { session });

  beforeAll(async () => {
    [t, other] = await Promise.all([reportsTenant('dictation-a'), reportsTenant('dictation-b')]);
    await events.start();
    [admin, radiologist, typist, typist2, stranger, strangerRad] = await Promise.all([
      signIn(t, 'admin'),
      signIn(t, 'radiologist'),
      signIn(t, 'typist'),
      signIn(t, 'typist2'),
      signIn(other, 'admin'),
      signIn(other, 'radiologist'),
    ]);
    await Promise.all([
      casesKnowUsers(t.tenantId, [t.users[t.login('radiologist')]!, t.users[t.login('typist')]!]),
      casesKnowUsers(other.tenantId, [other.users[other.login('radiologist')]!]),
    ]);
    caseId = await arrive(events, t, 'c1', { patientName: 'DICTATE^ASHA' });
    theirCaseId = await arrive(events, other, 'c1', { patientName: 'DICTATE^OTHER' });
    const otherAdmin = stranger;
    await Promise.all([assignToRadiologist(t, admin, caseId), assignToRadiologist(other, otherAdmin, theirCaseId)]);
  }, 240_000);

  afterAll(async () => {
    await events.stop();
  });

  it('keeps an uploaded recording as a clip of the report, lists it and answers its audio through the service', async () => {
    firstBytes = webm(6000);
    const { target, stored, attached } = await record(radiologist, firstBytes);
    expect(target.fileID).toMatch(new RegExp(`^dictations/${t.tenantId}/${caseId}/[0-9a-f-]{36}\\.webm$`));
    expect(stored.status).toBe(200);
    expect(attached.status).toBe(200);
    expect(attached.body.message).toBe(DICTATION_MESSAGES.attached);
    const clip = attached.body.data as { id: string; reportVersion: number; sizeBytes: number; durationMs: number };
    expect(clip).toMatchObject({ reportVersion: 0, sizeBytes: 6000, durationMs: 4200, contentType: 'audio/webm' });
    firstClipId = clip.id;

    const listed = await clips(radiologist);
    expect(listed.clips.map((c) => [c.id, c.reportVersion, c.recordedBy])).toEqual([
      [firstClipId, 0, t.users[t.login('radiologist')]],
    ]);
    expect(listed.clips[0]!.recordedByName).toBeTruthy();

    const file = await api.file(
      REPORTING_API.dictationAudio,
      { caseId, clipId: firstClipId },
      { session: radiologist },
    );
    expect(file.contentType).toBe('audio/webm');
    expect(Buffer.from(file.bytes).equals(firstBytes)).toBe(true);

    // the same upload attached again is the clip already kept, not a second one
    const again = await api.call(
      REPORTING_API.attachDictation,
      { caseId, fileID: target.fileID, contentType: 'audio/webm', size: 6000, durationMs: 4200 },
      { session: radiologist },
    );
    expect(again.id).toBe(firstClipId);
    expect((await clips(radiologist)).clips).toHaveLength(1);

    // the row is the company's (RLS), and the attach and the audio read are on the case's audit trail
    const rows = await tenantQuery<{ n: number }>(
      t.tenantId,
      `SELECT count(*)::int AS n FROM reporting.report_dictations WHERE case_id = $1`,
      [caseId],
    );
    expect(rows[0]!.n).toBe(1);
    const theirView = await tenantQuery<{ n: number }>(
      other.tenantId,
      `SELECT count(*)::int AS n FROM reporting.report_dictations WHERE case_id = $1`,
      [caseId],
    );
    expect(theirView[0]!.n).toBe(0);
    const audit = await tenantQuery<{ action: string; details: { read?: string } }>(
      t.tenantId,
      `SELECT action, details FROM reporting.audit_log WHERE target_id = $1 ORDER BY id`,
      [caseId],
    );
    expect(audit.filter((a) => a.action === 'REPORT_DICTATION_ATTACH')).toHaveLength(1);
    expect(audit.some((a) => a.action === 'PATIENT_DATA_READ' && a.details.read === 'dictation')).toBe(true);
  });

  it('a caller who cannot read the case, and another company, get 404 for the list, the audio and the upload', async () => {
    // a typist of the company before the case is at them (cases' reach), and the other company's users
    for (const session of [typist2, typist, stranger, strangerRad]) {
      expect((await api.reply(REPORTING_API.findDictations, { caseId }, { session })).status).toBe(404);
      const audio = await api.reply(REPORTING_API.dictationAudio, { caseId, clipId: firstClipId }, { session });
      expect(audio.status).toBe(404);
    }
    const upload = await api.reply(
      REPORTING_API.dictationUploadUrl,
      { caseId, contentType: 'audio/webm', size: 100 },
      { session: strangerRad },
    );
    expect(upload.status).toBe(404);
    // the other company's radiologist asking our clip's id on their own case: 404, no bytes
    const theirs = await api.reply(
      REPORTING_API.dictationAudio,
      { caseId: theirCaseId, clipId: firstClipId },
      { session: strangerRad },
    );
    expect([theirs.status, theirs.body.message]).toEqual([404, DICTATION_MESSAGES.notFound]);
    // nor can they attach our upload's key to their case (not their case's key)
    const [row] = await tenantQuery<{ object_key: string }>(
      t.tenantId,
      `SELECT object_key FROM reporting.report_dictations WHERE id = $1`,
      [firstClipId],
    );
    const steal = await api.reply(
      REPORTING_API.attachDictation,
      { caseId: theirCaseId, fileID: row!.object_key, contentType: 'audio/webm', size: 6000, durationMs: 1 },
      { session: strangerRad },
    );
    expect([steal.status, steal.body.message]).toEqual([400, DICTATION_MESSAGES.missing]);
    expect((await clips(strangerRad, theirCaseId)).clips).toEqual([]);
  });

  it('refuses a forged type, another audio type and an oversized upload, keeping nothing', async () => {
    // a PNG sent as audio/webm: 400, and the stored object is deleted (attaching it again finds nothing)
    const forged = await record(radiologist, png(5000));
    expect(forged.stored.status).toBe(200);
    expect([forged.attached.status, forged.attached.body.message]).toEqual([
      400,
      DICTATION_MESSAGES.notAudio('audio/webm'),
    ]);
    const retry = await api.reply(
      REPORTING_API.attachDictation,
      { caseId, fileID: forged.target.fileID, contentType: 'audio/webm', size: 5000, durationMs: 1 },
      { session: radiologist },
    );
    expect([retry.status, retry.body.message]).toEqual([400, DICTATION_MESSAGES.missing]);
    // WebM bytes declared as Ogg: 400 too
    const mislabelled = await record(radiologist, webm(3000), 'audio/ogg');
    expect([mislabelled.attached.status, mislabelled.attached.body.message]).toEqual([
      400,
      DICTATION_MESSAGES.notAudio('audio/ogg'),
    ]);
    // a type outside the contract, and a size past the maximum: 400 before any URL is signed
    const wav = await api.reply(
      REPORTING_API.dictationUploadUrl,
      { caseId, contentType: 'audio/wav' as DictationType, size: 100 },
      { session: radiologist },
    );
    expect(wav.status).toBe(400);
    const big = await api.reply(
      REPORTING_API.dictationUploadUrl,
      { caseId, contentType: 'audio/webm', size: DICTATION_MAX_BYTES + 1 },
      { session: radiologist },
    );
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/^size: /);
    // more bytes than the URL was signed for: the store refuses the PUT; attaching finds nothing
    const target = await api.call(
      REPORTING_API.dictationUploadUrl,
      { caseId, contentType: 'audio/webm', size: 1000 },
      { session: radiologist },
    );
    const over = await put(target.uploadUrl, 'audio/webm', webm(4000));
    expect(over.status).toBe(403);
    const none = await api.reply(
      REPORTING_API.attachDictation,
      { caseId, fileID: target.fileID, contentType: 'audio/webm', size: 1000, durationMs: 1 },
      { session: radiologist },
    );
    expect([none.status, none.body.message]).toEqual([400, DICTATION_MESSAGES.missing]);
    // the type the URL was signed for must be the type sent
    const wrongHeader = await api.call(
      REPORTING_API.dictationUploadUrl,
      { caseId, contentType: 'audio/webm', size: 1000 },
      { session: radiologist },
    );
    expect((await put(wrongHeader.uploadUrl, 'image/png', webm(1000))).status).toBe(403);

    expect((await clips(radiologist)).clips.map((c) => c.id)).toEqual([firstClipId]);
  });

  it('the typist plays the clips but records none; every clip survives review and finalize with its version', async () => {
    // a clip recorded after the first save is on version 1
    const opened = await api.call(REPORTING_API.lockReport, { caseId }, { session: radiologist });
    await api.call(
      REPORTING_API.saveReport,
      { caseId, reportHTML: '<p>Dictated; to be typed.</p>', baseVersion: opened.version },
      { session: radiologist },
    );
    const second = await record(radiologist, webm(2500));
    expect(second.attached.status).toBe(200);
    const secondId = (second.attached.body.data as { id: string }).id;

    const typistId = t.users[t.login('typist')]!;
    await api.call(REPORTING_API.sendReportToTypist, { caseId, typistId }, { session: radiologist });
    await eventually(
      () => caseOf(typist, caseId).catch(() => null),
      (c) => c?.status === 'PENDING AT TYPIST',
      { what: 'the case at the typist', timeoutMs: 30_000 },
    );
    const atTypist = await clips(typist);
    expect(atTypist.clips.map((c) => [c.id, c.reportVersion])).toEqual([
      [firstClipId, 0],
      [secondId, 1],
    ]);
    const file = await api.file(REPORTING_API.dictationAudio, { caseId, clipId: firstClipId }, { session: typist });
    expect(Buffer.from(file.bytes).equals(firstBytes)).toBe(true);
    // the typist records nothing (409 with the reason), nor does the reader while the case is at the typist
    const typistUpload = await api.reply(
      REPORTING_API.dictationUploadUrl,
      { caseId, contentType: 'audio/webm', size: 100 },
      { session: typist },
    );
    expect([typistUpload.status, typistUpload.body.message]).toEqual([
      409,
      DICTATION_MESSAGES.notRecorder('PENDING AT TYPIST'),
    ]);
    const readerUpload = await api.reply(
      REPORTING_API.dictationUploadUrl,
      { caseId, contentType: 'audio/webm', size: 100 },
      { session: radiologist },
    );
    expect(readerUpload.status).toBe(409);

    const lock = await api.call(REPORTING_API.lockReport, { caseId }, { session: typist });
    await api.call(
      REPORTING_API.saveReport,
      { caseId, reportHTML: '<p>No acute finding. Typed from the dictation.</p>', baseVersion: lock.version },
      { session: typist },
    );
    await api.call(REPORTING_API.submitReportForReview, { caseId }, { session: typist });
    await eventually(
      () => caseOf(radiologist, caseId),
      (c) => c.status === 'PENDING FOR REVIEW',
      { what: 'the case in review', timeoutMs: 30_000 },
    );
    await uploadSignature(api, radiologist);
    const final = await api.call(REPORTING_API.finalizeReport, { caseId }, { session: radiologist });
    expect(final.status).toBe('FINAL');

    const kept = await clips(radiologist);
    expect(kept.clips.map((c) => [c.id, c.reportVersion])).toEqual([
      [firstClipId, 0],
      [secondId, 1],
    ]);
    const late = await api.reply(
      REPORTING_API.dictationUploadUrl,
      { caseId, contentType: 'audio/webm', size: 100 },
      { session: radiologist },
    );
    expect(late.status).toBe(409);
  });
});
