import { describe, expect, it } from '@jest/globals';
import { readsCase } from './assignees.repository.js';

describe('readsCase: which radiologist reads which case', () => {
  it.each([
    [[], 'CT', null, true],
    [['CT'], 'CT', null, true],
    [['ct '], 'CT', null, true],
    [['MR'], 'CT', null, false],
    [['Neuro', 'BRAIN'], 'MR', 'brain', true],
    [['MR'], null, null, false],
  ] as const)('specializations %j, modality %s, body part %s → %s', (specializations, modality, bodyPart, expected) => {
    expect(readsCase(specializations, { modality, bodyPart })).toBe(expected);
  });
});
