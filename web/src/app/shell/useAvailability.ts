import { useMutation } from '@tanstack/react-query';
import { AUTH_API, AUTH_MESSAGES, AVAILABILITY_ROLES, normalizeRoleCode } from '@rayworks/contracts';
import { useEffect } from 'react';
import { callApi } from '../../api/client';
import { updateProfile, type StoredProfile } from '../../api/storage';
import {
  closeRealtime,
  closeRealtimeUnlessHeld,
  isRealtimeOpen,
  openRealtime,
} from '../../realtime/availability-connection';
import { toastSuccess } from '../../shared/ui/toast';

/** The switch shows only for CENTER_RADIOLOGIST and TYPIST (spec §2). */
export function hasAvailabilitySwitch(user: Pick<StoredProfile, 'roleCodes'>): boolean {
  return user.roleCodes.some((code) =>
    (AVAILABILITY_ROLES as readonly string[]).includes(normalizeRoleCode(code) ?? ''),
  );
}

function credentials(user: StoredProfile) {
  return user.token && user.sessionToken
    ? { userId: user._id, token: user.token, sessionToken: user.sessionToken }
    : null;
}

/**
 * Availability (spec §4): on → POST /{userId}/online, the real-time connection opens if none is open and the
 * returned isAvailability is stored; off → POST /{userId}/offline, the connection closes and its state is cleared.
 */
export function useAvailability(user: StoredProfile | null) {
  const mutation = useMutation({
    mutationFn: async (online: boolean) => {
      if (!user) throw new Error('Not logged in');
      const endpoint = online ? AUTH_API.online : AUTH_API.offline;
      const { data } = await callApi(endpoint, { params: { userId: user._id } });
      return data.isAvailability;
    },
    onSuccess: (isAvailability) => {
      updateProfile({ isAvailability });
      const creds = user ? credentials(user) : null;
      if (isAvailability && creds) openRealtime(creds);
      if (!isAvailability) closeRealtimeUnlessHeld();
      toastSuccess(isAvailability ? AUTH_MESSAGES.availabilityOnline : AUTH_MESSAGES.availabilityOffline);
    },
  });

  // After a reload an available user's connection comes back; it closes when the session ends.
  const available = Boolean(user?.isAvailability && user.token);
  const userId = user?._id;
  const token = user?.token;
  const sessionToken = user?.sessionToken;
  useEffect(() => {
    if (available && userId && token && sessionToken) {
      if (!isRealtimeOpen()) openRealtime({ userId, token, sessionToken });
    } else if (!token) {
      closeRealtime();
    }
  }, [available, userId, token, sessionToken]);

  return {
    available: Boolean(user?.isAvailability),
    pending: mutation.isPending,
    setAvailable: (online: boolean) => mutation.mutate(online),
  };
}
