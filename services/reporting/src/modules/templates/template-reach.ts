import type { RequestAccess } from '@rayworks/nest-kit';

/**
 * Who may see and change which templates, macros and layouts (docs/decisions/0178-report-templates.md):
 * - the company's (no centre, no owner): everyone of the company sees them; a company-level user changes them;
 * - a centre's: the users whose reach holds the centre (a company-level user: every centre; a group user: the
 *   group's centres; a centre user: their own centres) see and change them;
 * - a user's own (owner): only that user, whatever the centre.
 * The console's centre filter (x-center-ids) narrows the reach further, never widens it. A centre id a caller names
 * must also be a centre of the caller's company (TemplateCentres; docs/decisions/0214).
 */
export interface TemplateReach {
  userId: string;
  tenantId: string | null;
  companyLevel: boolean;
  /** The centres in reach; null: every centre of the company. */
  centreIds: readonly string[] | null;
  /**
   * The centres the caller's token names (a group user's group centres, a centre user's own): centres of its company
   * for certain. Any other centre id (a company-level user's) is looked up in the company's centres (TemplateCentres).
   */
  ownCentreIds: readonly string[];
}

export function templateReachOf(access: RequestAccess): TemplateReach {
  const p = access.principal;
  const base = { userId: p.userId, tenantId: p.tenantId, ownCentreIds: p.centreIds };
  if (access.empty || p.tenantId === null) return { ...base, companyLevel: false, centreIds: [] };
  if (p.level === 'tenant') return { ...base, companyLevel: true, centreIds: access.centreFilter };
  if (p.level !== 'group' && p.level !== 'centre') return { ...base, companyLevel: false, centreIds: [] };
  const filter = access.centreFilter;
  return {
    ...base,
    companyLevel: false,
    centreIds: filter === null ? p.centreIds : p.centreIds.filter((c) => filter.includes(c)),
  };
}

export const centreInTemplateReach = (reach: TemplateReach, centreId: string): boolean =>
  reach.centreIds === null || reach.centreIds.includes(centreId);

interface Scoped {
  ownerId: string | null;
  centreId: string | null;
}

/** May the caller see (and use in a report) this template or macro? */
export function maySee(reach: TemplateReach, row: Scoped): boolean {
  if (row.ownerId !== null) return row.ownerId === reach.userId;
  return row.centreId === null || centreInTemplateReach(reach, row.centreId);
}

/** May the caller create, change or (in)activate this template or macro (with the privilege the route needs)? */
export function mayManage(reach: TemplateReach, row: Scoped): boolean {
  if (reach.tenantId === null) return false;
  if (row.ownerId !== null)
    return row.ownerId === reach.userId && (row.centreId === null || centreInTemplateReach(reach, row.centreId));
  if (row.centreId === null) return reach.companyLevel;
  return centreInTemplateReach(reach, row.centreId);
}
