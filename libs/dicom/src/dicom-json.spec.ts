import { describe, expect, it } from '@jest/globals';
import { DICOM_TAGS, dicomTag } from './dicom-json.js';
import { dictionaryVr } from './data-dictionary.js';

describe('dicomTag', () => {
  it.each([
    ['0020000D', '0020000D'],
    ['0020000d', '0020000D'],
    ['x0020000d', '0020000D'],
    ['(0020,000D)', '0020000D'],
    ['0020,000d', '0020000D'],
  ])('%s → %s', (input, tag) => {
    expect(dicomTag(input)).toBe(tag);
  });

  it.each(['', '0020000', '0020000DD', 'G020000D', 'StudyInstanceUID'])('refuses %j', (input) => {
    expect(() => dicomTag(input)).toThrow('Not a DICOM tag');
  });

  it('names tags as 8 upper-case hex digits', () => {
    for (const tag of Object.values(DICOM_TAGS)) expect(dicomTag(tag)).toBe(tag);
  });
});

describe('dictionaryVr (dcmjs data dictionary)', () => {
  it.each([
    ['00100010', 'PN'],
    ['0020000D', 'UI'],
    ['00280010', 'US'],
    ['00101002', 'SQ'],
    ['7FE00010', 'OW'], // OB or OW: implicit VR is OW
    ['00280106', 'US'], // US or SS
    ['60003000', 'OW'], // overlay data, repeating group 60xx
    ['60023000', 'OW'],
    ['50000005', 'US'], // curve dimensions, repeating group 50xx
    ['00080000', 'UL'], // group length
    ['00090010', 'LO'], // private creator
    ['00091001', undefined], // private element: unknown
    ['FFFEE000', undefined], // item: not a data element
    ['00000000', 'UL'],
  ])('%s → %s', (tag, vr) => {
    expect(dictionaryVr(tag)).toBe(vr);
  });
});
