import { describe, expect, it } from '@jest/globals';
import {
  CASE_STATUSES,
  STUDY_STATES,
  WORKLIST_STATUSES,
  type CaseStatus,
  type StudyState,
  type WorklistStatus,
} from '@rayworks/contracts';
import { worklistStatusOf } from './worklist-status.js';

/** Every case status × imaging state, written out by hand. */
const EXPECTED: Record<CaseStatus, Record<StudyState | 'none', WorklistStatus>> = {
  'PENDING FOR SCAN': { none: 'NOT_READY', CLOUD_UPLOADING: 'NOT_READY', IMPORTED: 'NOT_READY' },
  NEW: { none: 'NOT_READY', CLOUD_UPLOADING: 'Cloud Uploading', IMPORTED: 'NEW' },
  'PENDING FOR ACCEPTANCE': { none: 'NOT_READY', CLOUD_UPLOADING: 'Cloud Uploading', IMPORTED: 'IN PROGRESS' },
  'IN PROGRESS': { none: 'NOT_READY', CLOUD_UPLOADING: 'Cloud Uploading', IMPORTED: 'IN PROGRESS' },
  'PENDING AT TYPIST': { none: 'NOT_READY', CLOUD_UPLOADING: 'Cloud Uploading', IMPORTED: 'TYPIST' },
  'PENDING FOR REVIEW': { none: 'NOT_READY', CLOUD_UPLOADING: 'Cloud Uploading', IMPORTED: 'IN PROGRESS' },
  COMPLETED: { none: 'COMPLETED', CLOUD_UPLOADING: 'COMPLETED', IMPORTED: 'COMPLETED' },
  REJECTED: { none: 'NOT_READY', CLOUD_UPLOADING: 'Cloud Uploading', IMPORTED: 'NEW' },
  RECALLED: { none: 'NOT_READY', CLOUD_UPLOADING: 'Cloud Uploading', IMPORTED: 'NEW' },
};

describe('worklistStatusOf', () => {
  const rows = CASE_STATUSES.flatMap((status) =>
    [...STUDY_STATES, null].map((imaging) => [status, imaging, EXPECTED[status][imaging ?? 'none']] as const),
  );
  it.each(rows)('%s with imaging %s → %s', (status, imaging, expected) => {
    expect(worklistStatusOf(status, imaging)).toBe(expected);
  });

  it('uses every worklist status of spec §4', () => {
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(WORKLIST_STATUSES));
  });
});
