import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { ROLE_CODES, TYPIST_ASSIGNMENT_MODES, type AssigneeAvailability } from '@rayworks/contracts';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';

/** Who reads a centre's cases, and who types them (role codes of the read model of auth's users). */
export const RADIOLOGIST_ROLES: readonly string[] = [ROLE_CODES.CENTER_RADIOLOGIST, ROLE_CODES.JUNIOR_RADIOLOGIST];
export const TYPIST_ROLES: readonly string[] = [ROLE_CODES.TYPIST, ROLE_CODES.TRANSCRIPTIONIST];

const assigneeRow = z.object({
  id: z.uuid(),
  full_name: z.string(),
  role_codes: z.array(z.string()),
  specializations: z.array(z.string()),
  is_available: z.boolean(),
  open_work: z.coerce.number().int(),
});
export type Assignee = z.infer<typeof assigneeRow>;

const settingsRow = z.object({
  requires_acceptance: z.boolean(),
  typist_assignment: z.enum(TYPIST_ASSIGNMENT_MODES),
  auto_assign: z.boolean(),
});
export type AssignmentSettings = z.infer<typeof settingsRow>;

/** A centre without a settings row has the defaults (docs/decisions/0119-centre-settings.md). */
export const DEFAULT_ASSIGNMENT_SETTINGS: AssignmentSettings = {
  requires_acceptance: false,
  typist_assignment: 'MANUAL',
  auto_assign: false,
};

/** The statuses in which a case is someone's open work: the load that auto-assignment balances. */
const OPEN_FOR_RADIOLOGIST = ['PENDING FOR ACCEPTANCE', 'IN PROGRESS', 'PENDING FOR REVIEW'];
const OPEN_FOR_TYPIST = ['PENDING AT TYPIST'];

/**
 * The people a case can go to, from the service's read model of auth's users (cases.users: roles, centres,
 * specializations, availability), with their open work counted from cases.cases; and the centre's assignment
 * settings (cases.centre_settings). Row-level security keeps both to the caller's company.
 */
@Injectable()
export class AssigneesRepository {
  /**
   * Active users of the centre with one of the roles, each with their open work: online first, then the least open
   * work, then who came online first. `onlineOnly` for auto-assignment.
   */
  async ofCentre(
    tx: ReadTx,
    centreId: string,
    as: 'radiologist' | 'typist',
    options: { userId?: string; onlineOnly?: boolean } = {},
  ): Promise<Assignee[]> {
    const column = as === 'radiologist' ? 'radiologist_id' : 'typist_id';
    return typedRows(
      tx.manager,
      assigneeRow,
      `SELECT u.id, u.full_name, u.role_codes, u.specializations, u.is_available,
              (SELECT count(*) FROM cases.cases c WHERE c.${column} = u.id AND c.status = ANY(:open::text[])) AS open_work
         FROM cases.users u
        WHERE u.is_active AND :centreId::uuid = ANY(u.centre_ids) AND u.role_codes && :roles::text[]
          AND (:userId::uuid IS NULL OR u.id = :userId::uuid)
          AND (NOT :onlineOnly::boolean OR u.is_available)
        ORDER BY u.is_available DESC, open_work, u.availability_changed_at NULLS LAST, u.id`,
      {
        centreId,
        roles: as === 'radiologist' ? RADIOLOGIST_ROLES : TYPIST_ROLES,
        open: as === 'radiologist' ? OPEN_FOR_RADIOLOGIST : OPEN_FOR_TYPIST,
        userId: options.userId ?? null,
        onlineOnly: options.onlineOnly ?? false,
      },
    );
  }

  async settingsOf(tx: ReadTx, centreId: string | null): Promise<AssignmentSettings> {
    if (centreId === null) return DEFAULT_ASSIGNMENT_SETTINGS;
    const [row] = await typedRows(
      tx.manager,
      settingsRow,
      `SELECT requires_acceptance, typist_assignment, auto_assign FROM cases.centre_settings WHERE centre_id = :centreId`,
      { centreId },
    );
    return row ?? DEFAULT_ASSIGNMENT_SETTINGS;
  }
}

/**
 * Whether a radiologist reads a case of this modality and body part: one with no specializations reads everything;
 * one with specializations reads cases whose modality or body part is one of them (case-insensitive).
 */
export function readsCase(
  specializations: readonly string[],
  study: { modality: string | null; bodyPart: string | null },
): boolean {
  if (specializations.length === 0) return true;
  const wanted = new Set(specializations.map((s) => s.trim().toUpperCase()));
  return [study.modality, study.bodyPart].some((v) => v !== null && wanted.has(v.trim().toUpperCase()));
}

/** The assign picker's filters (/cases/assignees): a specialization read, an availability. */
export interface AssigneeFilter {
  specialization?: string | undefined;
  availability?: AssigneeAvailability | undefined;
}

const keyOf = (s: string): string => s.trim().toUpperCase();

/**
 * The people the picker's filters keep, in their order: who reads the specialization (one listing it, case-insensitive,
 * or one with none, who reads everything) and who is online or offline as asked.
 */
export function filterAssignees<T extends Pick<Assignee, 'specializations' | 'is_available'>>(
  people: readonly T[],
  filter: AssigneeFilter,
): T[] {
  const wanted = filter.specialization ? keyOf(filter.specialization) : null;
  return people.filter(
    (p) =>
      (wanted === null || p.specializations.length === 0 || p.specializations.some((s) => keyOf(s) === wanted)) &&
      (filter.availability === undefined || p.is_available === (filter.availability === 'ONLINE')),
  );
}

/** Every specialization of these people once (case-insensitive, the first spelling kept), in alphabetical order. */
export function specializationsOf(people: readonly Pick<Assignee, 'specializations'>[]): string[] {
  const seen = new Map<string, string>();
  for (const p of people)
    for (const s of p.specializations) if (s.trim() && !seen.has(keyOf(s))) seen.set(keyOf(s), s.trim());
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}
