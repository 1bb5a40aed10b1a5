import type { Registration } from '@rayworks/contracts';
import { LATEST_VISIT } from '../../../shared/patients/usePatientRecords';

/** A patient's visits, the latest first. */
export const latestFirst = (visits: readonly Registration[]): Registration[] =>
  [...visits].sort((a, b) => b.registeredAt.localeCompare(a.registeredAt));

/**
 * The visit the details page opens: the one its billingID names, the latest for 'latest' (the patient list knows no
 * visit), none when the patient has none or the address names a visit that is not theirs.
 */
export function chosenVisit(visits: readonly Registration[], billingId: string | undefined): Registration | null {
  if (!billingId || billingId === LATEST_VISIT) return latestFirst(visits)[0] ?? null;
  return visits.find((v) => v._id === billingId) ?? null;
}

/** What a visit ordered, in a line: 'CT-HEAD, DIAB-PANEL (2 tests)'. */
export function orderedSummary(visit: Pick<Registration, 'items'>): string {
  const lines = new Map<string, number>();
  for (const item of visit.items) lines.set(item.lineCode, (lines.get(item.lineCode) ?? 0) + 1);
  return [...lines].map(([code, n]) => (n > 1 ? `${code} (${n} tests)` : code)).join(', ');
}
