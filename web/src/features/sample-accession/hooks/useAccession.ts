import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMS_API, type Sample, type SampleRejectionReason } from '@rayworks/contracts';
import { callApi, describeError } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';
import { toastSuccess } from '../../../shared/ui/toast';

const limsKeys = queryKeysOf('lims');

/** What the desk last scanned: the sample found, or why not (an unknown barcode, another company's: 404). */
export type Scanned = { barcode: string; sample: Sample } | { barcode: string; error: string };

/** Looks a scanned barcode up (/sample/scan); a refusal becomes the message shown in place. */
export function useScan(onScanned: (s: Scanned) => void) {
  return useMutation({
    mutationFn: (barcode: string) => callApi(LIMS_API.scanSample, { body: { barcode } }),
    onSuccess: ({ data }, barcode) => onScanned({ barcode, sample: data }),
    onError: (error, barcode) => onScanned({ barcode, error: describeError(error) }),
  });
}

/** Accepts, or rejects with a reason, the scanned sample; the sample lists are read again. */
export function useAccession(onDone: (sample: Sample) => void) {
  const queryClient = useQueryClient();
  const after = async (message: string, sample: Sample) => {
    toastSuccess(message);
    await queryClient.invalidateQueries({ queryKey: limsKeys.all() });
    onDone(sample);
  };
  const accept = useMutation({
    mutationFn: (barcode: string) => callApi(LIMS_API.acceptSample, { body: { barcode } }),
    onSuccess: ({ message, data }) => after(message, data),
  });
  const reject = useMutation({
    mutationFn: (body: { barcode: string; reason: SampleRejectionReason; note: string | null }) =>
      callApi(LIMS_API.rejectSample, { body }),
    onSuccess: ({ message, data }) => after(message, data.rejected),
  });
  return { accept, reject };
}
