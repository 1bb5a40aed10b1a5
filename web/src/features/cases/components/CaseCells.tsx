import { Badge, Group, Text, Tooltip } from '@mantine/core';
import type { Case, CaseLegend, CasePriority, WorklistStatus } from '@rayworks/contracts';
import { timeLeft } from '@rayworks/lifecycles';
import { useEffect, useState } from 'react';
import { formatDisplayDateTime } from '../../../shared/format';
import { personName } from '../../../shared/cases/worklist-actions';

/** The current time, ticking every `everyMs` (one timer for the whole table's time-left column). */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const STATUS_COLORS: Record<WorklistStatus, string> = {
  NEW: 'blue',
  'IN PROGRESS': 'violet',
  TYPIST: 'grape',
  COMPLETED: 'teal',
  NOT_READY: 'gray',
  'Cloud Uploading': 'yellow',
};

const PRIORITY_COLORS: Record<CasePriority, string> = { EMERGENT: 'red', STAT: 'orange', ROUTINE: 'gray' };
const LEGEND_COLORS: Record<CaseLegend, string> = {
  Emergency: 'red',
  MLC: 'orange',
  Interested: 'cyan',
  'Mark as Research': 'indigo',
};

/**
 * The patient: the name, then the ID and sex. On a phone (`withStatus`) the status chips lead the second line: the
 * status column is folded into this one so the sticky actions never cover it (decision 0376).
 */
export function PatientCell({ row, withStatus = false }: { row: Case; withStatus?: boolean }) {
  const id = (
    <Text size="xs" c="dimmed" truncate="end" miw={0}>
      ID {row.patientId || '—'}
      {row.patientSex ? ` · ${row.patientSex}` : ''}
    </Text>
  );
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} truncate="end" data-testid="worklist-patient-name">
        {personName(row.patientName)}
      </Text>
      {withStatus ? (
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <div data-testid="worklist-status" data-status={row.status} data-worklist-status={row.worklistStatus}>
            <StatusChips row={row} />
          </div>
          {id}
        </Group>
      ) : (
        id
      )}
    </div>
  );
}

/** The status chips: the display status (spec §4 worklist statuses, word for word), on hold, recall requested. */
function StatusChips({ row }: { row: Case }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" radius="sm" variant="light" color={STATUS_COLORS[row.worklistStatus]}>
        {row.worklistStatus}
      </Badge>
      {row.onHold ? (
        <Badge size="sm" radius="sm" variant="outline" color="gray">
          On hold
        </Badge>
      ) : null}
      {row.recallRequested ? (
        <Badge size="sm" radius="sm" variant="outline" color="orange">
          Recall requested
        </Badge>
      ) : null}
    </Group>
  );
}

/** The display status (spec §4 worklist statuses) with the case status beneath when it says more. */
export function StatusCell({ row }: { row: Case }) {
  return (
    <div data-testid="worklist-status" data-status={row.status} data-worklist-status={row.worklistStatus}>
      <StatusChips row={row} />
      {row.status !== row.worklistStatus ? (
        <Text size="xs" c="dimmed">
          {row.status}
        </Text>
      ) : null}
    </div>
  );
}

const OPEN = (row: Case) => row.status !== 'COMPLETED' && row.status !== 'PENDING FOR SCAN';

/** Time left until the due time, "Overdue …" once past (libs/lifecycles timeLeft: the same in every zone). */
export function TimeLeftCell({ row, now }: { row: Case; now: Date }) {
  if (!row.dueAt || !OPEN(row))
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const left = timeLeft(row.dueAt, now);
  const color = left.overdue ? 'red' : left.ms < 60 * 60_000 ? 'orange' : undefined;
  return (
    <Tooltip label={`Due ${formatDisplayDateTime(row.dueAt)}`} withArrow>
      <Text
        size="sm"
        c={color}
        fw={left.overdue ? 600 : undefined}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid="worklist-time-left"
        data-overdue={left.overdue || undefined}
      >
        {left.label}
      </Text>
    </Tooltip>
  );
}

export function PriorityCell({ row }: { row: Case }) {
  return (
    <Badge
      size="sm"
      radius="sm"
      variant={row.priority === 'ROUTINE' ? 'outline' : 'filled'}
      color={PRIORITY_COLORS[row.priority]}
    >
      {row.priority}
    </Badge>
  );
}

export function LegendsCell({ row }: { row: Case }) {
  if (row.legends.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      {row.legends.map((l) => (
        <Badge key={l} size="xs" radius="sm" variant="dot" color={LEGEND_COLORS[l]}>
          {l}
        </Badge>
      ))}
    </Group>
  );
}

export function StudyCell({ row }: { row: Case }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" truncate="end" title={row.studyDescription ?? undefined}>
        {row.studyDescription || row.bodyPart || '—'}
      </Text>
      <Text size="xs" c="dimmed">
        {row.seriesCount} series · {row.instanceCount} images
      </Text>
    </div>
  );
}
