import { useQuery } from '@tanstack/react-query';
import { BILLING_API, CONSOLE_ROUTES, routeTo, TEST_MESSAGES, type BillableTest } from '@rayworks/contracts';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import type { TestBody } from './test-form';

export const billingKeys = queryKeysOf('billing');
export const TESTS = 'tests';

export const fetchTestsPage = pageFetcher<BillableTest>(BILLING_API.findTests);

export const testPath = (t: Pick<BillableTest, '_id'>) => routeTo(CONSOLE_ROUTES.testsView, { id: t._id });

export function useTest() {
  const { id } = useParams();
  return useQuery({
    queryKey: billingKeys.record(TESTS, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(BILLING_API.getTest, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}

type UpdateBody = z.output<typeof BILLING_API.updateTest.body>;

/** /studytest/create or /studytest/update, then the test's page. */
export function useSaveTest(test?: BillableTest) {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: TestBody | UpdateBody) =>
      'id' in body
        ? (await callApi(BILLING_API.updateTest, { body })).data
        : (await callApi(BILLING_API.createTest, { body })).data,
    message: test ? TEST_MESSAGES.updated : TEST_MESSAGES.created,
    refresh: [TESTS],
    keys: billingKeys,
    then: (saved) => navigate(testPath(saved)),
  });
}

/** Activating or inactivating a test (/studytest/status), as ActiveToggle takes it. */
export const testStatus = (id: string) => ({
  change: (isActive: boolean) => callApi(BILLING_API.testStatus, { body: { id, isActive } }),
  invalidate: [billingKeys.kind(TESTS)],
});
