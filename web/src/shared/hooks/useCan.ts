import { hasPrivilege, SUBMODULES, type SubmoduleType } from '@rayworks/contracts';
import { useCallback } from 'react';
import { useSession } from '../session/useSession';

/** Whether the logged-in user holds one of the codes on a submodule type (module from the catalogue). */
export function useCan() {
  const { config } = useSession();
  return useCallback(
    (type: SubmoduleType, ...codes: string[]) =>
      config !== null && hasPrivilege(config, { module: SUBMODULES[type].module, type, anyOf: codes }),
    [config],
  );
}
