import {
  DEFAULT_TURNAROUND_MINUTES,
  type CasePriority,
  type CaseStatus,
  type StudyState,
  type WorklistStatus,
} from '@rayworks/contracts';

/**
 * Until libs/lifecycles publishes `dueAtOf` and `worklistStatusOf` (branch h10/lifecycles), these local
 * equivalents; they are replaced by the shared functions at merge, so the console and the service agree.
 */

/** A centre's turnaround settings (cases.centre_settings; missing: the defaults). */
export interface TurnaroundSettings {
  turnaroundMinutes: Partial<Record<CasePriority, number>>;
  turnaroundByModality: Record<string, Partial<Record<CasePriority, number>>>;
}

/** Turnaround minutes of a priority and modality: the centre's per-modality figure, its per-priority one, the default. */
export function turnaroundMinutesOf(
  priority: CasePriority,
  modality: string | null,
  settings: TurnaroundSettings | null,
): number {
  const byModality = modality ? settings?.turnaroundByModality[modality.toUpperCase()]?.[priority] : undefined;
  return byModality ?? settings?.turnaroundMinutes[priority] ?? DEFAULT_TURNAROUND_MINUTES[priority];
}

/** When a case received at `receivedAt` is due (an instant: time zones change only how it is shown). */
export const dueAtOf = (
  receivedAt: Date,
  priority: CasePriority,
  modality: string | null,
  settings: TurnaroundSettings | null,
): Date => new Date(receivedAt.getTime() + turnaroundMinutesOf(priority, modality, settings) * 60_000);

/** The worklist's display status of a case (spec §4 Worklist statuses). */
export function worklistStatusOf(c: { status: CaseStatus; imagingState: StudyState | null }): WorklistStatus {
  if (c.imagingState === 'CLOUD_UPLOADING') return 'Cloud Uploading';
  switch (c.status) {
    case 'PENDING FOR SCAN':
      return 'NOT_READY';
    case 'NEW':
    case 'REJECTED':
    case 'RECALLED':
      return 'NEW';
    case 'PENDING AT TYPIST':
      return 'TYPIST';
    case 'COMPLETED':
      return 'COMPLETED';
    default:
      return 'IN PROGRESS';
  }
}
