import { useQuery } from '@tanstack/react-query';
import {
  BILLING_API,
  CONSOLE_ROUTES,
  PRICE_MESSAGES,
  routeTo,
  type RateCard,
  type RateCardSummary,
} from '@rayworks/contracts';
import { useNavigate, useParams } from 'react-router-dom';
import { callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import type { RateCardBody } from './rate-card-form';

export const billingKeys = queryKeysOf('billing');
export const RATE_CARDS = 'rate-cards';

export const fetchRateCardsPage = pageFetcher<RateCardSummary>(BILLING_API.getRateCards);

export const rateCardPath = (card: Pick<RateCard, '_id'>) => routeTo(CONSOLE_ROUTES.ratecardView, { id: card._id });

/** The rate card the address names (/get/ratecard). */
export function useRateCard() {
  const { id } = useParams();
  return useQuery({
    queryKey: billingKeys.record(RATE_CARDS, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(BILLING_API.getRateCard, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}

/** Adds a card (/create/ratecard) or saves an edit (/update/ratecard: a changed price is a new version). */
export function useSaveRateCard(card?: RateCard) {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: RateCardBody) =>
      card
        ? (await callApi(BILLING_API.updateRateCard, { body: { ...body, id: card._id } })).data
        : (await callApi(BILLING_API.createRateCard, { body })).data,
    message: card ? PRICE_MESSAGES.rateCard.updated : PRICE_MESSAGES.rateCard.created,
    refresh: [RATE_CARDS],
    keys: billingKeys,
    then: (saved) => navigate(rateCardPath(saved)),
  });
}

/** The centres a card prices from now on (/assign/ratecard). */
export function useAssignRateCard(card: RateCard, then: () => void) {
  return useRecordMutation({
    call: async (centreIds: string[]) =>
      (await callApi(BILLING_API.assignRateCard, { body: { rateCardId: card._id, centreIds } })).data,
    message: PRICE_MESSAGES.rateCardAssigned,
    refresh: [RATE_CARDS],
    keys: billingKeys,
    then,
  });
}
