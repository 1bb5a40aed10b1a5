import { useQuery } from '@tanstack/react-query';
import { BILLING_API, CONSOLE_ROUTES, PACKAGE_MESSAGES, routeTo, type TestPackage } from '@rayworks/contracts';
import { useNavigate, useParams } from 'react-router-dom';
import { callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import type { PackageBody } from './package-form';

export const billingKeys = queryKeysOf('billing');
export const PACKAGES = 'packages';

export const fetchPackagesPage = pageFetcher<TestPackage>(BILLING_API.findPackages);

export const packagePath = (p: Pick<TestPackage, '_id'>) => routeTo(CONSOLE_ROUTES.packagesView, { id: p._id });

export function usePackage() {
  const { id } = useParams();
  return useQuery({
    queryKey: billingKeys.record(PACKAGES, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(BILLING_API.getPackage, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}

type UpdateBody = Omit<PackageBody, 'code'> & { id: string };

/** /package/create or /package/update, then the package's page. */
export function useSavePackage(pkg?: TestPackage) {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: PackageBody | UpdateBody) =>
      'id' in body
        ? (await callApi(BILLING_API.updatePackage, { body })).data
        : (await callApi(BILLING_API.createPackage, { body })).data,
    message: pkg ? PACKAGE_MESSAGES.updated : PACKAGE_MESSAGES.created,
    refresh: [PACKAGES],
    keys: billingKeys,
    then: (saved) => navigate(packagePath(saved)),
  });
}

/** Activating or inactivating a package (/package/status), as ActiveToggle takes it. */
export const packageStatus = (id: string) => ({
  change: (isActive: boolean) => callApi(BILLING_API.packageStatus, { body: { id, isActive } }),
  invalidate: [billingKeys.kind(PACKAGES)],
});
