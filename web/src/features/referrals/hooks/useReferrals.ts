import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import { recordStatus } from '../../../shared/directory/record-status';
import { useQuery } from '@tanstack/react-query';
import { adminMessages, AUTH_API, referralInputSchema, CONSOLE_ROUTES, routeTo } from '@rayworks/contracts';
import type { z } from 'zod';
import { useNavigate, useParams } from 'react-router-dom';
import { callApi } from '../../../api/client';
import { queryKeys } from '../../../api/queries';

export const REFERRALS = 'referrals';

export type ReferralBody = z.output<typeof referralInputSchema>;

export function useReferral() {
  const { id } = useParams();
  return useQuery({
    queryKey: queryKeys.record(REFERRALS, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(AUTH_API.getReferral, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}

export function useSaveReferral(id?: string) {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: ReferralBody) =>
      id
        ? (await callApi(AUTH_API.updateReferral, { body: { ...body, id } })).data
        : (await callApi(AUTH_API.createReferral, { body })).data,
    message: id ? adminMessages('Referral').updated : adminMessages('Referral').created,
    refresh: [REFERRALS],
    then: (referral) => navigate(routeTo(CONSOLE_ROUTES.referralsView, { id: referral._id })),
  });
}

/** Activating or inactivating a referral. */
export const referralStatus = recordStatus(AUTH_API.referralStatus, REFERRALS);
