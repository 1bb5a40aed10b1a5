import { Switch, Tooltip } from '@mantine/core';
import type { StoredProfile } from '../../api/storage';
import { useRealtime } from '../../realtime/useRealtime';
import { useAvailability } from './useAvailability';

/** Online/offline switch of radiologists and typists (spec §2, §4). */
export function AvailabilitySwitch({ user, compact }: { user: StoredProfile; compact: boolean }) {
  const { available, pending, setAvailable } = useAvailability(user);
  const { state } = useRealtime();
  const label = available ? 'Online' : 'Offline';
  return (
    <Tooltip label={available ? 'You are available for cases' : 'You are not receiving cases'} withArrow>
      <Switch
        checked={available}
        disabled={pending}
        onChange={(event) => setAvailable(event.currentTarget.checked)}
        color="teal"
        size="md"
        label={compact ? undefined : label}
        aria-label={`Availability: ${label}`}
        data-testid="availability-switch"
        data-available={available}
        data-connection={state}
        styles={{ label: { fontWeight: 500, minWidth: 48 } }}
      />
    </Tooltip>
  );
}
