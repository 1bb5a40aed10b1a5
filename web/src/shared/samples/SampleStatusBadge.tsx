import { Badge } from '@mantine/core';
import { SAMPLE_STATUS_LABELS, type SampleStatus } from '@rayworks/contracts';

const COLOURS: Record<SampleStatus, string> = {
  PENDING_COLLECTION: 'orange',
  COLLECTED: 'blue',
  ACCEPTED: 'teal',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

/** A sample's status (SAMPLE_STATUS_LABELS) in its colour. */
export function SampleStatusBadge({ status }: { status: SampleStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light" data-testid="sample-status" data-status={status}>
      {SAMPLE_STATUS_LABELS[status]}
    </Badge>
  );
}
