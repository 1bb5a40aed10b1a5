import { CASE_MESSAGES, type AssigneeAvailability, type AssignResult } from '@rayworks/contracts';

/** The person chosen on the assign page, as the picker listed them. */
export interface ChosenAssignee {
  id: string;
  fullName: string;
  isAvailable: boolean;
}

/**
 * What the assign page confirms once /cases/assign answered (docs/decisions/0349): the spec's words as the title
 * ('Case Assigned Successfully', or the fusion route's own answer) and who the cases went to; null when none went.
 */
export function assignedToast(
  results: readonly Pick<AssignResult, 'status'>[],
  message: string,
  chosen: Pick<ChosenAssignee, 'fullName'>,
): { title: string; message: string } | null {
  const assigned = results.filter((r) => r.status === 'success').length;
  if (assigned === 0) return null;
  return {
    title: message || CASE_MESSAGES.assigned,
    message: CASE_MESSAGES.assignedTo(chosen.fullName, assigned, results.length),
  };
}

/** Whether assigning asks first: the chosen person is offline (spec: radiologists switch online/offline). */
export const warnsOffline = (chosen: ChosenAssignee | null): boolean => chosen !== null && !chosen.isAvailable;

/** The picker's filters as /cases/assignees takes them: only the ones set. */
export function assigneeFilterBody(filter: {
  specialization: string | null;
  availability: AssigneeAvailability | 'ALL';
}): { specialization?: string; availability?: AssigneeAvailability } {
  return {
    ...(filter.specialization ? { specialization: filter.specialization } : {}),
    ...(filter.availability !== 'ALL' ? { availability: filter.availability } : {}),
  };
}
