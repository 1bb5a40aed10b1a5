import { Button, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { CASE_ACTION_LABELS, CONSOLE_ROUTES, routeTo, type Case, type CaseAction } from '@rayworks/contracts';
import type { CaseActor } from '@rayworks/lifecycles';
import { IconEye, IconFileDescription } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import { formatDicomDate, formatDisplayDateTime } from '../../../shared/format';
import { personName, rowActions } from '../../../shared/cases/worklist-actions';
import { LegendsCell, PriorityCell, StatusCell, TimeLeftCell, useNow } from './CaseCells';

interface Props {
  row: Case | null;
  onClose: () => void;
  actor: CaseActor;
  onAction: (row: Case, action: CaseAction) => void;
  onViewer: (row: Case) => void;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Text>
    </Stack>
  );
}

/** A case opened from the worklist (Enter or a double click): its patient, study and work, and its actions. */
export function CaseDrawer({ row, onClose, actor, onAction, onViewer }: Props) {
  const now = useNow();
  const actions = row ? rowActions(actor, row).filter((a) => a !== 'GO_TO_CASE') : [];
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={row ? personName(row.patientName) : ''}
      data-testid="worklist-case"
    >
      {row ? (
        <Stack gap="lg" data-testid="worklist-case-body" data-case-id={row._id}>
          <Group gap="sm">
            <StatusCell row={row} />
            <PriorityCell row={row} />
            <LegendsCell row={row} />
          </Group>
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            <Field label="Patient ID">{row.patientId}</Field>
            <Field label="Sex / birth date">
              {[row.patientSex, row.patientBirthDate ? formatDicomDate(row.patientBirthDate) : null]
                .filter(Boolean)
                .join(' · ')}
            </Field>
            <Field label="Accession">{row.accessionNumber}</Field>
            <Field label="Study date">{formatDicomDate(row.studyDate)}</Field>
            <Field label="Study">{row.studyDescription}</Field>
            <Field label="Modality">{row.modalities.join(', ') || row.modality}</Field>
            <Field label="Series / images">{`${row.seriesCount} / ${row.instanceCount}`}</Field>
            <Field label="Centre">{row.centreName}</Field>
            <Field label="Radiologist">{row.radiologistName}</Field>
            <Field label="Transcriptionist">{row.typistName}</Field>
            <Field label="Received">{formatDisplayDateTime(row.receivedAt)}</Field>
            <Field label="Time left">
              <TimeLeftCell row={row} now={now} />
            </Field>
            {row.rejectReason ? <Field label="Reject reason">{row.rejectReason}</Field> : null}
          </SimpleGrid>
          <Group gap="sm">
            <Button variant="light" leftSection={<IconEye size={16} />} onClick={() => onViewer(row)}>
              Open in viewer
            </Button>
            {actions.map((action) => (
              <Button
                key={action}
                variant="default"
                onClick={() => onAction(row, action)}
                data-testid={`worklist-case-action-${action}`}
              >
                {CASE_ACTION_LABELS[action]}
              </Button>
            ))}
          </Group>
          <Button
            component={Link}
            to={routeTo(CONSOLE_ROUTES.casesView, { id: row._id })}
            variant="subtle"
            leftSection={<IconFileDescription size={16} />}
            data-testid="worklist-case-details"
          >
            Case details: history, comments and audit trail
          </Button>
        </Stack>
      ) : null}
    </Drawer>
  );
}
