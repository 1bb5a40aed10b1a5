import { describe, expect, it } from '@jest/globals';
import { filterAssignees, readsCase, specializationsOf } from './assignees.repository.js';

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

describe("filterAssignees: the assign picker's specialization and availability filters", () => {
  const people = [
    { id: 'neuro-online', specializations: ['Neuro', 'MR'], is_available: true },
    { id: 'general-offline', specializations: [], is_available: false },
    { id: 'ct-offline', specializations: ['CT'], is_available: false },
    { id: 'msk-online', specializations: [' msk '], is_available: true },
  ];
  const ids = (filter: Parameters<typeof filterAssignees>[1]) => filterAssignees(people, filter).map((p) => p.id);

  it.each([
    [{}, ['neuro-online', 'general-offline', 'ct-offline', 'msk-online']],
    [{ specialization: 'neuro' }, ['neuro-online', 'general-offline']],
    [{ specialization: 'MSK' }, ['general-offline', 'msk-online']],
    [{ availability: 'ONLINE' }, ['neuro-online', 'msk-online']],
    [{ availability: 'OFFLINE' }, ['general-offline', 'ct-offline']],
    [{ specialization: 'CT', availability: 'OFFLINE' }, ['general-offline', 'ct-offline']],
    [{ specialization: 'CT', availability: 'ONLINE' }, []],
  ] as const)('%j keeps %j, in order', (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it('lists every specialization once, case-insensitively, alphabetically', () => {
    expect(specializationsOf([...people, { specializations: ['neuro', 'Chest'] }])).toEqual([
      'Chest',
      'CT',
      'MR',
      'msk',
      'Neuro',
    ]);
  });
});
