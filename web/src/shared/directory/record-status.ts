import { AUTH_API } from '@rayworks/contracts';
import { callApi } from '../../api/client';
import { queryKeys } from '../../api/queries';

/** The auth routes that activate or inactivate a record: each takes { id, isActive }. */
type StatusEndpoint = (typeof AUTH_API)[
  | 'userStatus'
  | 'roleStatus'
  | 'groupStatus'
  | 'centreStatus'
  | 'departmentStatus'
  | 'doctorStatus'
  | 'referralStatus'];

/**
 * Activating or inactivating one kind of auth record, as ActiveToggle takes it: the change (its status route) and
 * the lists and records it refreshes.
 */
export const recordStatus = (endpoint: StatusEndpoint, kind: string) => (id: string) => ({
  change: (isActive: boolean) => callApi(endpoint, { body: { id, isActive } }),
  invalidate: [queryKeys.kind(kind)],
});
