import { useMutation, useQuery } from '@tanstack/react-query';
import { BILLING_API, type PublicPaymentLink } from '@rayworks/contracts';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';

/** How often the page asks while it waits for the provider's word on an attempt, and when it says it is still waiting. */
export const CONFIRM_POLL_MS = 2_000;
export const CONFIRM_PATIENCE_MS = 60_000;

/** Whether the page is waiting for the provider's word on the attempt it came back from. */
export const awaitingConfirmation = (link: PublicPaymentLink | undefined): boolean =>
  link?.status === 'OPEN' && link.attempt?.state === 'PENDING';

/**
 * The link the /payment page shows (no login: the token is the key). Back from the provider (`attemptId`), it asks
 * again every CONFIRM_POLL_MS until the attempt is paid or failed, then every 10 s after CONFIRM_PATIENCE_MS.
 */
export function usePublicPaymentLink(token: string, attemptId: string | null) {
  const since = useRef<number | null>(null);
  return useQuery({
    queryKey: [...queryKeysOf('billing').kind('payment-link'), token, attemptId ?? ''],
    enabled: token !== '',
    retry: false,
    queryFn: async ({ signal }) =>
      (
        await callApi(BILLING_API.readPaymentLink, {
          body: attemptId ? { token, attemptId } : { token },
          signal,
          context: 'public',
        })
      ).data,
    refetchInterval: (query) => {
      if (!awaitingConfirmation(query.state.data)) return false;
      since.current ??= Date.now();
      return Date.now() - since.current < CONFIRM_PATIENCE_MS ? CONFIRM_POLL_MS : 10_000;
    },
  });
}

/** Starts a payment: the provider's checkout, where the browser goes next. */
export function useStartPayment(token: string) {
  return useMutation({
    mutationFn: async () =>
      (await callApi(BILLING_API.startPaymentLinkCheckout, { body: { token }, context: 'public' })).data,
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
  });
}

/** True once the page has waited CONFIRM_PATIENCE_MS for the provider's word (it then says so, and keeps asking). */
export function useWaitedLong(waiting: boolean): boolean {
  const [waitedLong, setWaitedLong] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaitedLong(true), CONFIRM_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return waiting && waitedLong;
}
