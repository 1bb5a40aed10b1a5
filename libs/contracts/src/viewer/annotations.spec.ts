import { describe, expect, it } from '@jest/globals';
import { annotationSaveBody } from '../cases/viewer-endpoints.js';
import { ANNOTATION_DATA_MAX_BYTES, viewerAnnotationSchema } from './annotations.js';
import { studyTokenClaimsSchema } from './study-token.js';

const annotation = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'measurement',
  toolName: 'Length',
  studyInstanceUid: '1.2.3',
  seriesInstanceUid: '1.2.3.4',
  sopInstanceUid: '1.2.3.4.5',
  frameNumber: null,
  label: 'Lesion',
  value: '42.1 mm',
  data: { handles: { points: [[0, 0, 0]] } },
};

describe('viewer annotations (contract)', () => {
  it('accepts a measurement and a key image', () => {
    expect(viewerAnnotationSchema.safeParse(annotation).success).toBe(true);
    expect(
      viewerAnnotationSchema.safeParse({ ...annotation, kind: 'keyImage', toolName: 'KeyImage', frameNumber: 3 })
        .success,
    ).toBe(true);
  });

  it('refuses data past 64 KB of JSON, a long label, a bad UID, another kind or an unknown field', () => {
    const bytes = (n: number) => ({ blob: 'x'.repeat(n) });
    // {"blob":"…"} adds 11 bytes
    expect(
      viewerAnnotationSchema.safeParse({ ...annotation, data: bytes(ANNOTATION_DATA_MAX_BYTES - 11) }).success,
    ).toBe(true);
    expect(
      viewerAnnotationSchema.safeParse({ ...annotation, data: bytes(ANNOTATION_DATA_MAX_BYTES - 10) }).success,
    ).toBe(false);
    expect(viewerAnnotationSchema.safeParse({ ...annotation, label: 'x'.repeat(201) }).success).toBe(false);
    expect(viewerAnnotationSchema.safeParse({ ...annotation, studyInstanceUid: '1.2.x' }).success).toBe(false);
    expect(viewerAnnotationSchema.safeParse({ ...annotation, kind: 'note' }).success).toBe(false);
    expect(viewerAnnotationSchema.safeParse({ ...annotation, frameNumber: 0 }).success).toBe(false);
    expect(viewerAnnotationSchema.safeParse({ ...annotation, extra: 1 }).success).toBe(false);
    expect(annotationSaveBody.safeParse({ caseId: annotation.id, annotation }).success).toBe(true);
  });

  it('reads study token claims: read scope, 1..50 UIDs', () => {
    const claims = {
      iss: 'rayworks-cases',
      aud: 'rayworks-dicomweb',
      sub: annotation.id,
      ln: 'x',
      tid: annotation.id,
      cid: annotation.id,
      studies: ['1.2.3'],
      scope: 'read',
      iat: 1,
      exp: 2,
    };
    expect(studyTokenClaimsSchema.safeParse(claims).success).toBe(true);
    expect(studyTokenClaimsSchema.safeParse({ ...claims, scope: 'write' }).success).toBe(false);
    expect(studyTokenClaimsSchema.safeParse({ ...claims, studies: [] }).success).toBe(false);
    expect(studyTokenClaimsSchema.safeParse({ ...claims, studies: ['1.2" x'] }).success).toBe(false);
  });
});
