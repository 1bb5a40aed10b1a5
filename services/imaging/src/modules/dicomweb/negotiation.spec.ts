import { describe, expect, it } from '@jest/globals';
import { NotAcceptableError } from './dicomweb.errors.js';
import { parseAccept } from './media-types.js';
import {
  bulkDataPlan,
  framesPlan,
  renderedPartType,
  renderedType,
  retrieveChoices,
  retrievePlan,
} from './negotiation.js';

const IMPLICIT = '1.2.840.10008.1.2';
const EXPLICIT = '1.2.840.10008.1.2.1';
const JPEG_BASELINE = '1.2.840.10008.1.2.4.50';
const accept = (header?: string) => parseAccept(header);
const DICOM = 'multipart/related; type="application/dicom"';

describe('retrieve negotiation', () => {
  it.each([
    [
      'no Accept: multipart in explicit VR little endian',
      undefined,
      false,
      [IMPLICIT],
      { transferSyntax: EXPLICIT, single: false },
    ],
    [
      'transfer-syntax=*: as stored',
      `${DICOM}; transfer-syntax=*`,
      false,
      [JPEG_BASELINE],
      { transferSyntax: null, single: false },
    ],
    [
      'an instance alone as application/dicom',
      'application/dicom',
      true,
      [IMPLICIT],
      { transferSyntax: EXPLICIT, single: true },
    ],
    [
      'the stored syntax asked',
      `${DICOM}; transfer-syntax=${IMPLICIT}`,
      false,
      [IMPLICIT],
      { transferSyntax: IMPLICIT, single: false },
    ],
  ])('%s', (_, header, instance, stored, plan) => {
    expect(retrievePlan(retrieveChoices(accept(header), instance), stored)).toEqual(plan);
  });

  it('refuses a single part for a study or series (406)', () => {
    expect(() => retrieveChoices(accept('application/dicom'), false)).toThrow(NotAcceptableError);
  });

  it('refuses a compressed syntax it cannot transcode to (406)', () => {
    const choices = retrieveChoices(accept(`${DICOM}; transfer-syntax=${JPEG_BASELINE}`), false);
    expect(() => retrievePlan(choices, [IMPLICIT])).toThrow(/transcoded to uncompressed syntaxes only/);
  });
});

describe('frames negotiation', () => {
  const native = { stored: 'application/octet-stream', transferSyntaxUid: EXPLICIT, pixelDataEncapsulated: false };
  const jpeg = { stored: 'image/jpeg', transferSyntaxUid: JPEG_BASELINE, pixelDataEncapsulated: true };

  it('gives native frames as stored when their own syntax is asked, one frame alone when asked bare', () => {
    expect(framesPlan(accept(), { ...native, one: false })).toEqual({ native: null, single: false });
    expect(framesPlan(accept('application/octet-stream'), { ...native, one: true })).toEqual({
      native: null,
      single: true,
    });
  });

  it('decodes compressed frames to native ones when octet-stream is asked', () => {
    expect(framesPlan(accept('multipart/related; type="application/octet-stream"'), { ...jpeg, one: false })).toEqual({
      native: EXPLICIT,
      single: false,
    });
  });

  it('gives compressed frames as stored when their media type is asked', () => {
    expect(framesPlan(accept('multipart/related; type="image/jpeg"'), { ...jpeg, one: false })).toEqual({
      native: null,
      single: false,
    });
  });

  it('refuses a single part of many frames (406)', () => {
    expect(() => framesPlan(accept('application/octet-stream'), { ...native, one: false })).toThrow(NotAcceptableError);
  });
});

describe('bulk data and rendered negotiation', () => {
  it('gives bulk data single or multipart, little endian only', () => {
    expect(bulkDataPlan(accept('application/octet-stream'))).toEqual({ single: true });
    expect(bulkDataPlan(accept())).toEqual({ single: false });
    expect(() => bulkDataPlan(accept('application/octet-stream; transfer-syntax=1.2.840.10008.1.2.2'))).toThrow(
      NotAcceptableError,
    );
  });

  it('renders one image as JPEG or PNG, many only as multipart', () => {
    expect(renderedType(accept('image/png'))).toBe('image/png');
    expect(() => renderedType(accept('application/dicom'))).toThrow(NotAcceptableError);
    expect(renderedPartType(accept('multipart/related; type="image/png"'))).toBe('image/png');
    expect(() => renderedPartType(accept('image/jpeg'))).toThrow(/one image per instance/);
  });
});
