import { Badge, Group, Text } from '@mantine/core';
import type { Sample } from '@rayworks/contracts';
import { formatDisplayDateTime } from '../format';
import { DetailGrid } from '../ui/DetailGrid';
import { containerName, sampleTypeName } from './sample-names';
import { SampleStatusBadge } from './SampleStatusBadge';

/** What a sample is: barcode, status, patient, registration, sample type and container, its tests. */
export function SampleSummary({ sample }: { sample: Sample }) {
  return (
    <div data-testid="sample-summary" data-barcode={sample.barcode}>
      <Group gap="sm" mb="xs">
        <Text fw={700} ff="monospace" size="lg">
          {sample.barcode}
        </Text>
        <SampleStatusBadge status={sample.status} />
      </Group>
      <DetailGrid
        details={[
          { label: 'Patient', value: sample.patientName },
          { label: 'MR No.', value: sample.mrNumber },
          { label: 'Registration No.', value: sample.registrationNumber },
          { label: 'Sample', value: sampleTypeName(sample.sampleType) },
          { label: 'Container', value: containerName(sample.container) },
          { label: 'Collected', value: sample.collectedAt ? formatDisplayDateTime(sample.collectedAt) : null },
        ]}
      />
      <Group gap={6} mt="xs">
        {sample.orders.map((o) => (
          <Badge
            key={o._id}
            variant="light"
            color={o.status === 'ORDERED' ? 'blue' : 'gray'}
            tt="none"
            title={o.testName}
          >
            {o.testCode}
            {o.status === 'CANCELLED' ? ' (cancelled)' : ''}
          </Badge>
        ))}
      </Group>
    </div>
  );
}
