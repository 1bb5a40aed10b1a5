import { CASES_API, FUSION_STATUSES, type Case, type FusionStatus } from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';

/**
 * The fusion centre's cases (spec §2 fccases; docs/decisions/0159-fusion-cases-page.md): what was sent to the
 * caller's fusion centres, by fusion status, a page at a time.
 */
export const fusionKeys = queryKeysOf('cases');
export const FUSION_CASES = 'fusion-cases';
export const FUSION_PAGE_SIZE = 25;

/** The fusion status tab from the URL (`?fs=`), or null for every status. */
export function fusionStatusFromParams(params: URLSearchParams): FusionStatus | null {
  const value = params.get('fs');
  return value && (FUSION_STATUSES as readonly string[]).includes(value) ? (value as FusionStatus) : null;
}

/** The page number from the URL (`?page=`), at least 1. */
export function pageFromParams(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** How a fusion status reads (the machine's codes use underscores). */
export const fusionStatusLabel = (s: FusionStatus): string => s.replace(/_/g, ' ');

export interface FusionCasesPage {
  cases: Case[];
  total: number;
}

/** One page of the fusion cases (/fccases/find, under row-level security: across companies by contract). */
export async function fetchFusionCases(
  fusionStatus: FusionStatus | null,
  page: number,
  signal: AbortSignal,
): Promise<FusionCasesPage> {
  const { data } = await callApi(CASES_API.fusionCases, {
    body: { page, pageSize: FUSION_PAGE_SIZE, ...(fusionStatus ? { fusionStatus } : {}) },
    signal,
  });
  return data;
}
