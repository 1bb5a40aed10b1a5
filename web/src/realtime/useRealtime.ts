import { useSyncExternalStore } from 'react';
import { realtimeSnapshot, subscribeToRealtime } from './availability-connection';

/** The real-time connection's state and the messages it received. */
export function useRealtime() {
  return useSyncExternalStore(subscribeToRealtime, realtimeSnapshot, realtimeSnapshot);
}
