import type { PermissionConfig } from '@rayworks/contracts';
import { useMemo, useSyncExternalStore } from 'react';
import { readConfig, readProfile, storageVersion, subscribeToStorage, type StoredProfile } from '../../api/storage';

export interface SessionSnapshot {
  profile: StoredProfile | null;
  config: PermissionConfig | null;
}

/** The stored profile and permission configuration; re-renders when either changes (also from another tab). */
export function useSession(): SessionSnapshot {
  const version = useSyncExternalStore(subscribeToStorage, storageVersion, storageVersion);
  return useMemo(() => {
    void version;
    return { profile: readProfile(), config: readConfig() };
  }, [version]);
}
