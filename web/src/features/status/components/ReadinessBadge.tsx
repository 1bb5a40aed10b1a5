import { Badge, Loader } from '@mantine/core';
import { stateLabel, type StatusTarget, type TargetState } from '../readiness';

const COLORS: Record<TargetState, string> = {
  ready: 'teal',
  'not-ready': 'red',
  unreachable: 'red',
  checking: 'gray',
};

/** The Ready / Not ready badge of one target. Its text is what tests read. */
export function ReadinessBadge({ target, state }: { target: StatusTarget; state: TargetState }) {
  return (
    <Badge
      size="lg"
      variant={state === 'checking' ? 'light' : 'filled'}
      color={COLORS[state]}
      leftSection={state === 'checking' ? <Loader size={10} color="gray" /> : undefined}
      data-testid={`service-status-${target}`}
      data-state={state}
      style={{ flexShrink: 0 }}
    >
      {stateLabel(state)}
    </Badge>
  );
}
