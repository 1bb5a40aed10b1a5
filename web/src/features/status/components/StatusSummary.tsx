import { Alert, Loader } from '@mantine/core';
import { AlertTriangleIcon, CheckCircleIcon } from '../../../shared/ui/icons';
import type { TargetReadiness } from '../hooks/useSystemReadiness';
import { TARGET_LABELS } from '../readiness';

/** One line that answers "is everything up?" before the operator reads the cards. */
export function StatusSummary({ targets }: { targets: TargetReadiness[] }) {
  const total = targets.length;
  const checking = targets.filter((t) => t.state === 'checking');
  const notReady = targets.filter((t) => t.state === 'not-ready' || t.state === 'unreachable');
  const gateway = targets.find((t) => t.target === 'gateway');

  if (checking.length === total) {
    return (
      <Alert
        variant="light"
        color="gray"
        icon={<Loader size={16} color="gray" />}
        title="Checking the system…"
        data-testid="status-summary"
        data-state="checking"
      >
        Asking the gateway and every service whether they are ready.
      </Alert>
    );
  }
  if (gateway?.state === 'unreachable') {
    return (
      <Alert
        variant="light"
        color="red"
        icon={<AlertTriangleIcon />}
        title="The gateway is not answering"
        data-testid="status-summary"
        data-state="not-ready"
      >
        No part of the system can be checked until the gateway answers. The page keeps trying every 5 seconds.
      </Alert>
    );
  }
  if (notReady.length > 0) {
    const names = notReady.map((t) => TARGET_LABELS[t.target].title).join(', ');
    return (
      <Alert
        variant="light"
        color="red"
        icon={<AlertTriangleIcon />}
        title={`${notReady.length} of ${total} ${notReady.length === 1 ? 'component is' : 'components are'} not ready`}
        data-testid="status-summary"
        data-state="not-ready"
      >
        Not ready: {names}. Details are on the cards below.
      </Alert>
    );
  }
  if (checking.length > 0) {
    return (
      <Alert
        variant="light"
        color="gray"
        icon={<Loader size={16} color="gray" />}
        title="Checking the system…"
        data-testid="status-summary"
        data-state="checking"
      >
        {total - checking.length} of {total} components answered so far.
      </Alert>
    );
  }
  return (
    <Alert
      variant="light"
      color="teal"
      icon={<CheckCircleIcon />}
      title="All systems ready"
      data-testid="status-summary"
      data-state="ready"
    >
      The gateway and all {total - 1} services are ready.
    </Alert>
  );
}
