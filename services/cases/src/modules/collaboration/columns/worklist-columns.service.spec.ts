import { describe, expect, it } from '@jest/globals';
import { chosenColumns } from './worklist-columns.service.js';

describe('chosen worklist columns', () => {
  it('keeps the order, drops repeats and columns the worklist does not have', () => {
    expect(chosenColumns(['dueAt', 'patientName', 'dueAt', 'gone', 'modality'])).toEqual([
      'dueAt',
      'patientName',
      'modality',
    ]);
  });
});
