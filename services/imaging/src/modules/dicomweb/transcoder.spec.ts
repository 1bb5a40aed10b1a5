import { describe, expect, it } from '@jest/globals';
import { canTranscode } from './transcoder.js';

const IMPLICIT = '1.2.840.10008.1.2';
const EXPLICIT = '1.2.840.10008.1.2.1';
const BIG = '1.2.840.10008.1.2.2';

describe('what the transcoder can give', () => {
  it('goes between the uncompressed syntaxes and from the compressed ones it can decode to them', () => {
    for (const from of [IMPLICIT, EXPLICIT, BIG])
      for (const to of [IMPLICIT, EXPLICIT, BIG]) expect(canTranscode(from, to)).toBe(true);
    for (const from of [
      '1.2.840.10008.1.2.4.50',
      '1.2.840.10008.1.2.4.51',
      '1.2.840.10008.1.2.4.70',
      '1.2.840.10008.1.2.4.80',
      '1.2.840.10008.1.2.4.90',
      '1.2.840.10008.1.2.5',
    ])
      expect(canTranscode(from, EXPLICIT)).toBe(true);
  });

  it('never encodes to a compressed syntax, and knows no decoder for HTJ2K', () => {
    expect(canTranscode(EXPLICIT, '1.2.840.10008.1.2.4.50')).toBe(false);
    expect(canTranscode('1.2.840.10008.1.2.4.90', '1.2.840.10008.1.2.4.50')).toBe(false);
    expect(canTranscode('1.2.840.10008.1.2.4.201', EXPLICIT)).toBe(false);
    expect(canTranscode('1.2.840.10008.1.2.4.50', '1.2.840.10008.1.2.4.50')).toBe(true);
  });
});
