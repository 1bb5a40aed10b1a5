// The worklist's display status (spec §4 "Worklist statuses"), from the case status and the imaging state, in one
// function (docs/decisions/0114-case-machine.md): the tab a worklist row is counted under and the badge it shows.
import { CLOUD_UPLOADING_DISPLAY, type CaseStatus, type StudyState, type WorklistStatus } from '@rayworks/contracts';

/**
 * - PENDING FOR SCAN, or no study yet → NOT_READY (nothing to read).
 * - The study's instances are still arriving (CLOUD_UPLOADING), before the report is completed → 'Cloud Uploading'
 *   (the viewer cannot open it yet: 'Case is in Cloud Upload Pending state, …').
 * - NEW, REJECTED, RECALLED → NEW: waiting in the admin's queue for a radiologist.
 * - PENDING FOR ACCEPTANCE, IN PROGRESS, PENDING FOR REVIEW → IN PROGRESS: with a radiologist.
 * - PENDING AT TYPIST → TYPIST.
 * - COMPLETED → COMPLETED (whatever the imaging state: a report exists).
 */
export function worklistStatusOf(status: CaseStatus, imagingState: StudyState | null): WorklistStatus {
  if (status === 'COMPLETED') return 'COMPLETED';
  if (status === 'PENDING FOR SCAN' || imagingState === null) return 'NOT_READY';
  if (imagingState === 'CLOUD_UPLOADING') return CLOUD_UPLOADING_DISPLAY;
  switch (status) {
    case 'NEW':
    case 'REJECTED':
    case 'RECALLED':
      return 'NEW';
    case 'PENDING FOR ACCEPTANCE':
    case 'IN PROGRESS':
    case 'PENDING FOR REVIEW':
      return 'IN PROGRESS';
    case 'PENDING AT TYPIST':
      return 'TYPIST';
  }
}
