import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Case } from '@rayworks/contracts';
import { timeLeft } from '@rayworks/lifecycles';
import type { ReactNode } from 'react';
import { formatDicomDate, formatDisplayDateTime } from '../../../shared/format';
import { ageOn, personName, sexLabel } from '../hooks/case-details';
import { Section } from '../../../shared/ui/Section';

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

/** The patient of the case (from the study's DICOM attributes, or the registration). */
export function PatientCard({ c }: { c: Case }) {
  const age = ageOn(c.patientBirthDate);
  return (
    <Section titleGap="md" title="Patient information" testId="case-patient">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
        <Field label="Name" testId="case-patient-name">
          {personName(c.patientName)}
        </Field>
        <Field label="Patient ID" testId="case-patient-id">
          {c.patientId}
        </Field>
        <Field label="Sex">{sexLabel(c.patientSex)}</Field>
        <Field label="Birth date">
          {c.patientBirthDate ? `${formatDicomDate(c.patientBirthDate)}${age !== null ? ` (${age} y)` : ''}` : null}
        </Field>
        <Field label="Centre">{c.centreName}</Field>
        <Field label="Accession">{c.accessionNumber}</Field>
      </SimpleGrid>
    </Section>
  );
}

/** The case's study: one per case (a split case reads some of its series). */
export function StudyCard({ c }: { c: Case }) {
  return (
    <Section titleGap="md" title="Study" testId="case-study">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
        <Field label="Description" testId="case-study-description">
          {c.studyDescription}
        </Field>
        <Field label="Modality">
          {c.modalities.length ? (
            <Group gap={4}>
              {c.modalities.map((m) => (
                <Badge key={m} size="sm" variant="outline" radius="sm">
                  {m}
                </Badge>
              ))}
            </Group>
          ) : (
            c.modality
          )}
        </Field>
        <Field label="Study date">{c.studyDate ? formatDicomDate(c.studyDate) : null}</Field>
        <Field label="Body part">{c.bodyPart}</Field>
        <Field label="Series / images" testId="case-study-counts">
          {`${c.seriesCount.toLocaleString('en-GB')} / ${c.instanceCount.toLocaleString('en-GB')}`}
          {c.seriesInstanceUids ? ` (split: ${c.seriesInstanceUids.length} series of the study)` : ''}
        </Field>
        <Field label="Study ID">{c.studyId}</Field>
        <Field label="Study Instance UID">
          <Text size="xs" ff="monospace" component="span" style={{ wordBreak: 'break-all' }}>
            {c.studyInstanceUid ?? '—'}
          </Text>
        </Field>
        <Field label="Import state">
          {c.imagingState === 'CLOUD_UPLOADING' ? 'Cloud Uploading' : c.imagingState === 'IMPORTED' ? 'Imported' : null}
        </Field>
      </SimpleGrid>
    </Section>
  );
}

/** Who works on the case and when it is due. */
export function WorkCard({ c, now }: { c: Case; now: Date }) {
  const left = c.dueAt && c.status !== 'COMPLETED' ? timeLeft(c.dueAt, now) : null;
  return (
    <Section titleGap="md" title="Work" testId="case-work">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="md">
        <Field label="Status" testId="case-status">
          {c.status}
          {c.onHold ? ' (on hold)' : ''}
          {c.recallRequested ? ' (recall requested)' : ''}
        </Field>
        <Field label="Workflow">
          {c.fusionStatus ? `${c.workflowType} · fusion ${c.fusionStatus}` : c.workflowType}
        </Field>
        <Field label="Radiologist" testId="case-radiologist">
          {c.radiologistName}
        </Field>
        <Field label="Transcriptionist">{c.typistName}</Field>
        <Field label="Received">{formatDisplayDateTime(c.receivedAt)}</Field>
        <Field label="Due" testId="case-due">
          {c.dueAt ? formatDisplayDateTime(c.dueAt) : null}
          {left ? (
            <Text span size="sm" c={left.overdue ? 'red' : 'dimmed'} ml={6}>
              ({left.label}
              {left.overdue ? '' : ' left'})
            </Text>
          ) : null}
        </Field>
        <Field label="Assigned">{c.assignedAt ? formatDisplayDateTime(c.assignedAt) : null}</Field>
        <Field label="Completed">{c.completedAt ? formatDisplayDateTime(c.completedAt) : null}</Field>
        {c.rejectReason ? <Field label="Reject reason">{c.rejectReason}</Field> : null}
      </SimpleGrid>
    </Section>
  );
}
