import type { ServerToClientEvents } from '@rayworks/contracts';
import { useEffect, useMemo, useState } from 'react';
import { readProfile } from '../api/storage';
import { holdRealtime } from './availability-connection';
import { useRealtime } from './useRealtime';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * The messages of one server event received while the calling screen is open (the import screen's
 * `imaging:import-progress`, the archive's `imaging:download-state`). Opens the real-time connection for the
 * logged-in user when none is open, and holds it while the screen is shown (switching offline does not cut a screen
 * off); on leaving it closes unless another screen or the user's availability keeps it open.
 */
export function useRealtimeEvents<E extends keyof ServerToClientEvents>(event: E): Payload<E>[] {
  const { messages } = useRealtime();
  const [since] = useState(() => new Date().toISOString());
  useEffect(() => {
    const profile = readProfile();
    if (!profile?.token || !profile.sessionToken) return;
    return holdRealtime({ userId: profile._id, token: profile.token, sessionToken: profile.sessionToken });
  }, []);
  return useMemo(
    () => messages.filter((m) => m.event === event && m.receivedAt >= since).map((m) => m.payload as Payload<E>),
    [messages, event, since],
  );
}
