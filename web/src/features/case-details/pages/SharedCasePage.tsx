import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { COLLABORATION_MESSAGES } from '@rayworks/contracts';
import { IconAlertCircle, IconClockHour4 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { ApiCallError } from '../../../api/client';
import { formatDicomDate, formatDisplayDateTime } from '../../../shared/format';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { ageOn, personName, sexLabel } from '../hooks/case-details';
import { useSharedCase } from '../hooks/useCaseRecords';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId} style={{ wordBreak: 'break-word' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Stack>
  );
}

/**
 * /shared/:token — a case's shared read-only link (docs/decisions/0158): no login; only what the link's contract
 * returns (patient, study, centre, status; no staff); "expired" for a 410, "not valid" for a 404.
 */
export function SharedCasePage() {
  const { token = '' } = useParams();
  useDocumentTitle('Shared case · Rayworks');
  const query = useSharedCase(token);
  if (query.isLoading) return <PageLoader />;
  if (query.isError || !query.data) {
    const status = query.error instanceof ApiCallError ? query.error.status : null;
    const expired = status === 410;
    return (
      <Paper
        withBorder
        radius="md"
        p="xl"
        maw={640}
        mx="auto"
        data-testid="shared-case-error"
        data-status={status ?? ''}
      >
        <Alert
          color={expired ? 'yellow' : 'red'}
          variant="light"
          icon={expired ? <IconClockHour4 size={18} /> : <IconAlertCircle size={18} />}
          title={expired ? 'Link expired' : 'Link not valid'}
        >
          {expired ? COLLABORATION_MESSAGES.shareExpired : COLLABORATION_MESSAGES.shareNotFound}
        </Alert>
      </Paper>
    );
  }
  const c = query.data;
  const age = ageOn(c.patientBirthDate);
  return (
    <Stack gap="lg" data-testid="shared-case">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Shared case · read-only
          </Text>
          <Group gap="sm">
            <Title order={1} fz={24} data-testid="shared-case-patient">
              {personName(c.patientName)}
            </Title>
            <Badge variant="light" radius="sm">
              {c.worklistStatus}
            </Badge>
          </Group>
        </Stack>
        <Text size="xs" c="dimmed" data-testid="shared-case-expires">
          Link valid until {formatDisplayDateTime(c.expiresAt)}
        </Text>
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="md" mb="md">
          Patient
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          <Field label="Patient ID">{c.patientId}</Field>
          <Field label="Sex">{sexLabel(c.patientSex)}</Field>
          <Field label="Birth date">
            {c.patientBirthDate ? `${formatDicomDate(c.patientBirthDate)}${age !== null ? ` (${age} y)` : ''}` : null}
          </Field>
          <Field label="Centre">{c.centreName}</Field>
          <Field label="Accession">{c.accessionNumber}</Field>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <Title order={2} fz="md" mb="md">
          Study
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
          <Field label="Description" testId="shared-case-study">
            {c.studyDescription}
          </Field>
          <Field label="Modality">{c.modalities.join(', ') || c.modality}</Field>
          <Field label="Study date">{c.studyDate ? formatDicomDate(c.studyDate) : null}</Field>
          <Field label="Body part">{c.bodyPart}</Field>
          <Field label="Series / images">{`${c.seriesCount} / ${c.instanceCount}`}</Field>
          <Field label="Priority">{c.priority}</Field>
          <Field label="Completed">{c.completedAt ? formatDisplayDateTime(c.completedAt) : null}</Field>
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
