import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMS_API, SAMPLE_STATUSES, type Sample, type SampleStatus } from '@rayworks/contracts';
import type { z } from 'zod';
import { callApi } from '../../../api/client';
import { pageFetcher } from '../../../api/queries';
import { toastSuccess } from '../../../shared/ui/toast';
import { limsKeys, SAMPLES } from './sample-keys';

export { limsKeys, SAMPLES };

/** The list's status filter from the address bar (default: the samples still to collect; 'ALL': every status). */
export function statusFilterOf(params: URLSearchParams): SampleStatus | undefined {
  const value = params.get('status');
  if (value === 'ALL') return undefined;
  return (SAMPLE_STATUSES as readonly string[]).includes(value ?? '') ? (value as SampleStatus) : 'PENDING_COLLECTION';
}

/** /sample/find with the status filter. */
export const fetchSamplesPage = (status: SampleStatus | undefined) =>
  pageFetcher<Sample>(LIMS_API.findSamples, status ? { status } : {});

/** Records a sample as collected; the service's message is the toast, and the sample lists are read again. */
export function useCollectSample(onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof LIMS_API.collectSample.body>) => callApi(LIMS_API.collectSample, { body }),
    onSuccess: async ({ message }) => {
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: limsKeys.kind(SAMPLES) });
      onDone();
    },
  });
}
