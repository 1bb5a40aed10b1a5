import { CRITICAL_ACKNOWLEDGING_ROLES, ROLE_CODES, type CriticalAlertStatus } from '@rayworks/contracts';

/**
 * Who is told of a critical result, who may acknowledge it, and when it escalates (docs/decisions/0187, 0188).
 * Pure: the service and the escalation worker apply them to the directory read model and the alert row.
 */

/** A user as the directory read model knows them. */
export interface DirectoryPerson {
  id: string;
  fullName: string;
  email: string;
  roleCodes: readonly string[];
  groupId: string | null;
  centreIds: readonly string[];
  isActive: boolean;
}

/** Where the case is read for: its centre and the centre's group. */
export interface CasePlace {
  centreId: string | null;
  groupId: string | null;
}

const R = ROLE_CODES;
/** The centre side told at once: its admins and its reception (the referring side's desk). */
export const NOTIFIED_CENTRE_ROLES: readonly string[] = [R.CENTER_ADMIN, R.GROUP_CENTER_ADMIN, R.RECEPTIONIST];
/** Who an escalation goes to: the centre's admins. */
export const ESCALATION_CENTRE_ROLES: readonly string[] = [R.CENTER_ADMIN, R.GROUP_CENTER_ADMIN];
/** Who may acknowledge (with the case in their reach): the centre side, its group's and the company's admins. */
export const ACKNOWLEDGING_ROLES: readonly string[] = CRITICAL_ACKNOWLEDGING_ROLES;
/** The fallbacks, in order, when a centre has nobody of the roles above: the group's admins, then the company's. */
const GROUP_ADMIN_ROLES: readonly string[] = [R.GROUP_ADMIN];
const COMPANY_ADMIN_ROLES: readonly string[] = [R.ADMIN];

const hasAny = (p: Pick<DirectoryPerson, 'roleCodes'>, roles: readonly string[]) =>
  p.roleCodes.some((r) => roles.includes(r));

function recipients(people: readonly DirectoryPerson[], place: CasePlace, centreRoles: readonly string[]) {
  const active = people.filter((p) => p.isActive);
  const ofCentre = place.centreId
    ? active.filter((p) => p.centreIds.includes(place.centreId!) && hasAny(p, centreRoles))
    : [];
  if (ofCentre.length > 0) return ofCentre;
  const ofGroup = place.groupId
    ? active.filter((p) => p.groupId === place.groupId && hasAny(p, GROUP_ADMIN_ROLES))
    : [];
  if (ofGroup.length > 0) return ofGroup;
  return active.filter((p) => hasAny(p, COMPANY_ADMIN_ROLES));
}

/**
 * Who is told when a result is flagged: the active centre admins and receptionists of the case's centre; when the
 * centre has none, its group's admins; when there are none either, the company's admins.
 */
export const flagRecipients = (people: readonly DirectoryPerson[], place: CasePlace): DirectoryPerson[] =>
  recipients(people, place, NOTIFIED_CENTRE_ROLES);

/** Who an escalation reaches: the centre's admins (then the group's, then the company's, as above). */
export const escalationRecipients = (people: readonly DirectoryPerson[], place: CasePlace): DirectoryPerson[] =>
  recipients(people, place, ESCALATION_CENTRE_ROLES);

/** The distinct e-mail addresses of people (empty ones left out), in order. */
export const emailsOf = (people: readonly DirectoryPerson[]): string[] => [
  ...new Set(people.map((p) => p.email.trim()).filter((e) => /^[^\s@]+@[^\s@]+$/.test(e))),
];

/** May this caller acknowledge? A centre-side role, in the case's own company (the reach is checked by cases). */
export function mayAcknowledge(
  caller: { roleCodes: readonly string[]; tenantId: string | null },
  caseTenantId: string,
) {
  return caller.tenantId === caseTenantId && hasAny(caller, ACKNOWLEDGING_ROLES);
}

/** Does this caller see the centre's alerts (the banner), or only those they flagged? */
export const seesCentreAlerts = (caller: { roleCodes: readonly string[] }): boolean =>
  hasAny(caller, ACKNOWLEDGING_ROLES);

/**
 * The escalation time of a centre: its own setting, else the service's default (CRITICAL_ESCALATE_AFTER_MINUTES,
 * checked at boot by config/env.ts; 30 when unset).
 */
export const escalationMinutes = (centreSetting: number | null, serviceDefault: number): number =>
  centreSetting ?? serviceDefault;

/** When an alert flagged at `flaggedAt` escalates. */
export const escalateAt = (flaggedAt: Date, minutes: number): Date => new Date(flaggedAt.getTime() + minutes * 60_000);

/** The alert as the escalation job sees it. */
export interface AlertProgress {
  status: CriticalAlertStatus;
  notifiedAt: Date | null;
  escalateAt: Date;
}

/**
 * What one run of the reporting.critical-escalation job does (it runs once at flag time and once, delayed, at the
 * escalation time): send the flag e-mails if they have not gone yet (retried by the job until they have); escalate
 * an alert still OPEN once it is due; an acknowledged or already escalated alert is left alone. `early`: a delayed
 * run that found the alert OPEN before its time (a clock behind): it fails to be retried later, never dropped.
 */
export function escalationStep(
  alert: AlertProgress,
  now: Date,
  delayed: boolean,
): { notify: boolean; escalate: boolean; early: boolean } {
  const notify = alert.notifiedAt === null && alert.status !== 'ACKNOWLEDGED';
  const due = now.getTime() >= alert.escalateAt.getTime();
  const escalate = alert.status === 'OPEN' && due;
  return { notify, escalate, early: delayed && alert.status === 'OPEN' && !due };
}
