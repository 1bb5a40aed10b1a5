import { queryKeysOf } from '../../../api/queries';

/**
 * The lims service's samples in the query cache — apart from the hooks that call the API, so the signed-in shell's
 * rejected-sample notices refresh the list without loading the LIMS's endpoints (docs/decisions/0352).
 */
export const limsKeys = queryKeysOf('lims');
export const SAMPLES = 'samples';
