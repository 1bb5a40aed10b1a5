import type { CasePriority, CentreSettings } from '@rayworks/contracts';
import { dueAtOf as lifecycleDueAtOf } from '@rayworks/lifecycles';

/** The part of a centre's settings (cases.centre_settings) that sets due times. */
export type CentreTurnaround = Pick<CentreSettings, 'turnaroundMinutes' | 'turnaroundByModality'>;

/**
 * When a case received at `receivedAt` is due, as a Date for the case row: libs/lifecycles' `dueAtOf` (the one the
 * console's time left is computed with) on the centre's settings; none: the defaults (docs/decisions/0117).
 */
export const dueAtOf = (
  receivedAt: Date,
  priority: CasePriority,
  modality: string | null,
  settings: CentreTurnaround | null,
): Date =>
  new Date(
    lifecycleDueAtOf(
      receivedAt,
      priority,
      modality,
      settings && { minutes: settings.turnaroundMinutes, byModality: settings.turnaroundByModality },
    ),
  );
