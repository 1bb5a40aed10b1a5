import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys as authKeys, type queryKeysOf } from '../../api/queries';
import { toastSuccess } from '../ui/toast';

/**
 * A change to records as the admin screens make it: the call, then its success message, the kinds of record
 * it touched read again, and what follows (a page to go to, a modal to close). A failure is the error catalogue's
 * (api/policy.ts) or the form's.
 */
export function useRecordMutation<V, R>(options: {
  call: (vars: V) => Promise<R>;
  message: string;
  /** The kinds of record read again (queryKeys.kind). */
  refresh: readonly string[];
  /** The service whose records `refresh` names (default auth's). */
  keys?: ReturnType<typeof queryKeysOf>;
  /** Before the message (e.g. close the confirmation). */
  first?: () => void;
  /** After the records are read again (e.g. go to the new record). */
  then?: (result: R, vars: V) => void;
}) {
  const queryClient = useQueryClient();
  const keys = options.keys ?? authKeys;
  return useMutation({
    mutationFn: options.call,
    onSuccess: async (result: R, vars: V) => {
      options.first?.();
      toastSuccess(options.message);
      for (const kind of options.refresh) await queryClient.invalidateQueries({ queryKey: keys.kind(kind) });
      options.then?.(result, vars);
    },
  });
}
