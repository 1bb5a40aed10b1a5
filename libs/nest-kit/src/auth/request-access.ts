import { AUTH_HEADERS } from '@rayworks/contracts';
import type { Principal } from './principal.js';

export type RequestHeaders = Record<string, string | string[] | undefined>;

/**
 * What one request may reach: the principal, narrowed by the request headers of spec §7. Headers only narrow:
 * - x-company-id must be the token's tenant (otherwise the guard answers 403);
 * - x-group-id and x-center-ids restrict the request to that group / those centres, intersected with what the
 *   user holds; a group or centre the user does not hold is simply not there (the request sees nothing of it).
 * `groupFilter` / `centreFilter` are null when the request is not limited that way (tenant-level users);
 * `empty` means the headers asked for something the user does not hold at all: the request sees nothing.
 */
export interface RequestAccess {
  principal: Principal;
  groupFilter: string | null;
  centreFilter: readonly string[] | null;
  empty: boolean;
  submoduleType: string | null;
  subscriptionType: string | null;
  sessionEnabled: boolean;
  /**
   * Only these Study Instance UIDs (a request made with a study token, docs/decisions/0164-study-token.md): imaging's
   * archive queries add it to the reach, so any other study reads as absent. Absent or null: no such limit.
   */
  studies?: readonly string[] | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class CompanyMismatchError extends Error {
  constructor() {
    super('x-company-id is not the tenant of the access token');
  }
}

function header(headers: RequestHeaders, name: string): string | null {
  const value = headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text : null;
}

/** A comma-separated list of ids; entries that are not ids are dropped (they match nothing). */
function idList(text: string | null): string[] | null {
  if (text === null) return null;
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter((s) => UUID.test(s)),
    ),
  ];
}

export function narrowAccess(principal: Principal, headers: RequestHeaders): RequestAccess {
  const company = header(headers, AUTH_HEADERS.companyId);
  if (company !== null && company.toLowerCase() !== principal.tenantId) throw new CompanyMismatchError();

  const rawGroup = header(headers, AUTH_HEADERS.groupId)?.toLowerCase() ?? null;
  const wantedCentres = idList(header(headers, AUTH_HEADERS.centerIds));
  const held = new Set(principal.centreIds);
  const base = {
    principal,
    submoduleType: header(headers, AUTH_HEADERS.submoduleType),
    subscriptionType: header(headers, AUTH_HEADERS.subscriptionType),
    sessionEnabled: header(headers, AUTH_HEADERS.sessionEnabled)?.toLowerCase() === 'true',
  };
  const nothing: RequestAccess = { ...base, groupFilter: principal.groupId, centreFilter: [], empty: true };

  if (rawGroup !== null && !UUID.test(rawGroup)) return nothing;
  switch (principal.level) {
    // a platform operator reaches no company's group or centre (docs/decisions/0085)
    case 'platform':
      return nothing;
    // a marketplace radiologist: no company, group or centre; row-level security opens the marketplace's cases
    case 'marketplace':
      return rawGroup !== null || wantedCentres !== null
        ? nothing
        : { ...base, groupFilter: null, centreFilter: null, empty: false };
    case 'tenant':
      return { ...base, groupFilter: rawGroup, centreFilter: wantedCentres, empty: false };
    case 'group':
      if (principal.groupId === null || (rawGroup !== null && rawGroup !== principal.groupId)) return nothing;
      return {
        ...base,
        groupFilter: principal.groupId,
        centreFilter: wantedCentres === null ? null : wantedCentres.filter((c) => held.has(c)),
        empty: false,
      };
    case 'centre':
      if (rawGroup !== null && rawGroup !== principal.groupId) return nothing;
      return {
        ...base,
        groupFilter: null,
        centreFilter: wantedCentres === null ? [...principal.centreIds] : wantedCentres.filter((c) => held.has(c)),
        empty: false,
      };
  }
}
