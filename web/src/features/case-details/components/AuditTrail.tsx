import { Alert, Badge, Group, Loader, Paper, Stack, Switch, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../api/client';
import { formatDisplayDateTime } from '../../../shared/format';
import { auditActionLabel, auditActor, auditSummary } from '../hooks/case-details';
import { useCaseAudit } from '../../../shared/cases/useCase';

/** The case's audit trail: who did what and when, newest first; the reads of the case on request. */
export function AuditTrail({ caseId }: { caseId: string }) {
  const [includeReads, setIncludeReads] = useState(false);
  const query = useCaseAudit(caseId, includeReads);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="case-audit">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="md">
          Audit trail
        </Title>
        <Switch
          size="xs"
          label="Show who opened the case"
          checked={includeReads}
          onChange={(e) => setIncludeReads(e.currentTarget.checked)}
          data-testid="case-audit-reads"
        />
      </Group>
      {query.isLoading ? (
        <Loader size="sm" />
      ) : query.isError || !query.data ? (
        <Alert color="red" variant="light">
          {describeError(query.error)}
        </Alert>
      ) : query.data.entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing recorded yet.
        </Text>
      ) : (
        <Stack gap="xs">
          <Timeline bulletSize={18} lineWidth={2} active={query.data.entries.length}>
            {query.data.entries.map((entry) => {
              const summary = auditSummary(entry);
              return (
                <Timeline.Item
                  key={entry.id}
                  bullet={<IconHistory size={11} />}
                  title={
                    <Group gap={6}>
                      <Text size="sm" fw={600} data-testid="case-audit-action" data-action={entry.action}>
                        {auditActionLabel(entry.action)}
                      </Text>
                      {entry.action === 'PATIENT_DATA_READ' ? (
                        <Badge size="xs" variant="light" color="gray">
                          read
                        </Badge>
                      ) : null}
                    </Group>
                  }
                  data-testid="case-audit-entry"
                >
                  <Text size="xs" c="dimmed">
                    {auditActor(entry)} · {formatDisplayDateTime(entry.at)}
                  </Text>
                  {summary ? <Text size="xs">{summary}</Text> : null}
                </Timeline.Item>
              );
            })}
          </Timeline>
          {query.data.truncated ? (
            <Text size="xs" c="dimmed">
              Older entries are not shown.
            </Text>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
