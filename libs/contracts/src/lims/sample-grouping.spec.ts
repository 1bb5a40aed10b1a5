import { describe, expect, it } from '@jest/globals';
import { sampleBarcode, SAMPLE_BARCODE_PATTERN } from './sample-entities.js';
import {
  defaultContainerOf,
  groupIntoSamples,
  sampleTypeCodeOf,
  UNSPECIFIED_CONTAINER,
  UNSPECIFIED_SAMPLE_TYPE,
  type LabTestCollection,
} from './sample-grouping.js';

const item = (code: string, sampleType: string | null) => ({ itemId: `id-${code}`, code, name: code, sampleType });
const shape = (groups: ReturnType<typeof groupIntoSamples>) =>
  groups.map((g) => [g.sampleType, g.container, g.items.map((i) => i.code)]);

describe("a registration's lab tests grouped into samples (docs/decisions/0297)", () => {
  it('puts tests of one sample type and container in one sample, in the order of their first test', () => {
    const groups = groupIntoSamples([
      item('CBC', 'WB_EDTA'),
      item('LFT', 'Serum'),
      item('HBA1C', 'Whole Blood (EDTA)'),
      item('KFT', 'SERUM'),
      item('URINE-RE', 'urine_spot'),
    ]);
    expect(shape(groups)).toEqual([
      ['WB_EDTA', 'LAVENDER_EDTA', ['CBC', 'HBA1C']],
      ['SERUM', 'RED_PLAIN', ['LFT', 'KFT']],
      ['URINE_SPOT', 'URINE_CUP_STERILE', ['URINE-RE']],
    ]);
  });

  it("takes the lab's test definition's sample type and container before billing's and the default", () => {
    const definitions: Record<string, LabTestCollection> = {
      LFT: { sampleType: 'SERUM', container: 'GOLD_SST' },
      GLU: { sampleType: 'PLASMA_FLUORIDE', container: null },
      KFT: { sampleType: null, container: null },
    };
    const groups = groupIntoSamples(
      [item('lft', 'Serum'), item('KFT', 'Serum'), item('GLU', null), item('XYZ', null)],
      (code) => definitions[code],
    );
    expect(shape(groups)).toEqual([
      ['SERUM', 'GOLD_SST', ['lft']],
      ['SERUM', 'RED_PLAIN', ['KFT']],
      ['PLASMA_FLUORIDE', 'GREY_FLUORIDE', ['GLU']],
      [UNSPECIFIED_SAMPLE_TYPE, UNSPECIFIED_CONTAINER, ['XYZ']],
    ]);
  });

  it('keeps a sample type the constants do not know as written, with no default container', () => {
    expect(sampleTypeCodeOf('  Gastric aspirate ')).toBe('Gastric aspirate');
    expect(sampleTypeCodeOf('')).toBe(UNSPECIFIED_SAMPLE_TYPE);
    expect(defaultContainerOf('Gastric aspirate')).toBe(UNSPECIFIED_CONTAINER);
    expect(defaultContainerOf('TISSUE')).toBe('FORMALIN_JAR');
  });

  it('gives nothing for no tests', () => {
    expect(groupIntoSamples([])).toEqual([]);
  });
});

describe('a sample barcode', () => {
  it("is 'L' and 9 digits of the company's counter", () => {
    expect(sampleBarcode(42)).toBe('L000000042');
    expect(sampleBarcode(999_999_999)).toBe('L999999999');
    expect(SAMPLE_BARCODE_PATTERN.test(sampleBarcode(1))).toBe(true);
    expect(() => sampleBarcode(0)).toThrow(RangeError);
    expect(() => sampleBarcode(1_000_000_000)).toThrow(RangeError);
    expect(() => sampleBarcode(1.5)).toThrow(RangeError);
  });
});
