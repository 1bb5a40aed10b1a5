import {
  loggedInUserSchema,
  permissionConfigSchema,
  type LoggedInUser,
  type PermissionConfig,
  type UserSession,
} from '@rayworks/contracts';
import { z } from 'zod';

/**
 * What the console keeps in the browser (spec §4): the logged-in user with the session tokens ("the stored
 * profile") and the permission configuration, in localStorage; the session-expired flag in sessionStorage.
 * Logout, a 401, a missing privilege and a password change clear both storages (spec §4, §8).
 */
export const STORAGE_KEYS = {
  profile: 'rayworks.authUser',
  config: 'rayworks.permissionConfig',
  sessionExpired: 'rayworks.sessionExpired',
  offlineFrom: 'rayworks.offlineFrom',
} as const;

/**
 * Device display preferences that survive clearing the storages: they are not session data and belong to the
 * browser, not to the user who logged out (docs/decisions/0020-console-shell.md). Everything else goes.
 */
export const DEVICE_PREFERENCE_KEYS = ['rayworks-color-scheme', 'rayworks-layout'] as const;

/** The stored profile: the user of spec §3 plus the session of the login answer. */
export const storedProfileSchema = loggedInUserSchema.extend({
  token: z.string().optional(),
  sessionToken: z.string().optional(),
  resetPassword: z.boolean().default(false),
  /** ms since epoch when the access token stops being valid (from expiresIn at login). */
  tokenExpiresAt: z.number().optional(),
});
export type StoredProfile = z.infer<typeof storedProfileSchema>;

export function profileFromSession(session: UserSession, now = Date.now()): StoredProfile {
  return {
    ...session.user,
    _id: session._id,
    groupID: session.groupID,
    centerID: session.centerID,
    token: session.token,
    sessionToken: session.sessionToken,
    resetPassword: session.resetPassword,
    tokenExpiresAt: now + session.expiresIn * 1000,
  };
}

/** The minimal Storage surface used here (so tests can pass a Map-backed fake). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

function browserStorage(kind: 'local' | 'session'): KeyValueStorage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function readJson<T>(storage: KeyValueStorage | null, key: string, schema: z.ZodType<T>): T | null {
  const raw = storage?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// ---- change notification (same tab: explicit; other tabs: the storage event) ----

type Listener = () => void;
const listeners = new Set<Listener>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function subscribeToStorage(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.profile || event.key === STORAGE_KEYS.config) changed();
  };
  if (listeners.size === 1 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** Changes whenever the stored profile or configuration changes (a cheap snapshot for useSyncExternalStore). */
export const storageVersion = (): number => version;

// ---- profile and configuration ----

export function readProfile(storage = browserStorage('local')): StoredProfile | null {
  return readJson(storage, STORAGE_KEYS.profile, storedProfileSchema);
}

export function writeProfile(profile: StoredProfile, storage = browserStorage('local')): void {
  storage?.setItem(STORAGE_KEYS.profile, JSON.stringify(profile));
  changed();
}

/** Merges fields into the stored profile (e.g. isAvailability after the switch), if there is one. */
export function updateProfile(patch: Partial<StoredProfile>, storage = browserStorage('local')): void {
  const current = readProfile(storage);
  if (current) writeProfile({ ...current, ...patch }, storage);
}

export function readConfig(storage = browserStorage('local')): PermissionConfig | null {
  return readJson(storage, STORAGE_KEYS.config, permissionConfigSchema);
}

export function writeConfig(config: PermissionConfig, storage = browserStorage('local')): void {
  storage?.setItem(STORAGE_KEYS.config, JSON.stringify(config));
  changed();
}

/**
 * Clears local and session storage (spec §4: logout, missing privilege, password change; §8: 401),
 * then puts back the device display preferences.
 */
export function clearStorage(local = browserStorage('local'), session = browserStorage('session')): void {
  const kept = DEVICE_PREFERENCE_KEYS.map((key) => [key, local?.getItem(key) ?? null] as const);
  local?.clear();
  session?.clear();
  for (const [key, value] of kept) if (value !== null) local?.setItem(key, value);
  changed();
}

/** Spec §4: "clearing storage and flagging the session as expired". */
export function flagSessionExpired(session = browserStorage('session')): void {
  session?.setItem(STORAGE_KEYS.sessionExpired, 'true');
}

export function isSessionExpiredFlagged(session = browserStorage('session')): boolean {
  return session?.getItem(STORAGE_KEYS.sessionExpired) === 'true';
}

/** Where the user was when the network went away, so the offline page can take them back. */
export function rememberOfflineOrigin(path: string, session = browserStorage('session')): void {
  session?.setItem(STORAGE_KEYS.offlineFrom, path);
}

export function takeOfflineOrigin(session = browserStorage('session')): string | null {
  const path = session?.getItem(STORAGE_KEYS.offlineFrom) ?? null;
  session?.removeItem(STORAGE_KEYS.offlineFrom);
  return path;
}

export type { LoggedInUser };
