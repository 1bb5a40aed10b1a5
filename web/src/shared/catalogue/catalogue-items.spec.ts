import { describe, expect, it } from '@jest/globals';
import { catalogueOptions, enterPick, itemLabel, itemOf, itemValue } from './catalogue-items';

const tests = [
  { code: 'CT-HEAD-C', name: 'CT Head Contrast', isActive: true },
  { code: 'CT-HEAD', name: 'CT Head Plain', isActive: true },
  { code: 'CT-OLD', name: 'Retired CT', isActive: false },
];
const packages = [{ code: 'CT-PACK', name: 'CT Pack', isActive: true }];

describe('the catalogue search', () => {
  it('offers active tests then packages, the exact code typed first, without what is already chosen', () => {
    expect(catalogueOptions(tests, packages, ' ct-head ')).toEqual([
      {
        group: 'Tests',
        items: [
          { value: 'TEST:CT-HEAD', label: 'CT-HEAD · CT Head Plain' },
          { value: 'TEST:CT-HEAD-C', label: 'CT-HEAD-C · CT Head Contrast' },
        ],
      },
      { group: 'Packages', items: [{ value: 'PACKAGE:CT-PACK', label: 'CT-PACK · CT Pack' }] },
    ]);
    expect(catalogueOptions(tests, packages, '', new Set(['PACKAGE:CT-PACK', 'TEST:CT-HEAD']))).toEqual([
      { group: 'Tests', items: [{ value: 'TEST:CT-HEAD-C', label: 'CT-HEAD-C · CT Head Contrast' }] },
    ]);
  });

  it('reads a picked value back into its item', () => {
    expect(itemOf('TEST:CT-HEAD', tests, packages)).toEqual({ kind: 'TEST', code: 'CT-HEAD', name: 'CT Head Plain' });
    expect(itemOf('PACKAGE:CT-PACK', tests, packages)).toEqual({ kind: 'PACKAGE', code: 'CT-PACK', name: 'CT Pack' });
    expect(itemOf('TEST:NOPE', tests, packages)).toBeNull();
    expect(itemOf('garbage', tests, packages)).toBeNull();
    expect(itemValue({ kind: 'PACKAGE', code: 'X_1' })).toBe('PACKAGE:X_1');
    expect(itemLabel({ code: 'X', name: 'Y' })).toBe('X · Y');
  });

  it('takes on Enter the exact code typed, or the one item offered, never a guess among several', () => {
    expect(enterPick('ct-head', tests, packages)).toEqual({ kind: 'TEST', code: 'CT-HEAD', name: 'CT Head Plain' });
    expect(enterPick('ct-p', tests, [...packages])).toBeNull();
    expect(enterPick('pack', [], packages)).toEqual({ kind: 'PACKAGE', code: 'CT-PACK', name: 'CT Pack' });
    expect(enterPick('ct-head', tests, packages, new Set(['TEST:CT-HEAD']))).toBeNull();
    expect(enterPick('ct-old', [tests[2]!], [])).toBeNull();
    expect(enterPick('  ', tests, packages)).toBeNull();
  });
});
