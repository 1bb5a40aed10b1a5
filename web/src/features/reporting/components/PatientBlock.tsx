import { SimpleGrid, Text } from '@mantine/core';
import { personName } from '../../../shared/cases/worklist-actions';
import type { Report } from '../api/reporting-api';

/** The report's patient block, read only (from the case: name, ID, accession, age/sex, referrer, study). */
export function PatientBlock({ report }: { report: Report }) {
  const p = report.patient;
  const s = report.study;
  const rows: [string, string | null][] = [
    ['Patient', personName(p.patientName)],
    ['Patient ID', p.mrID],
    ['Age / Sex', [p.age, p.gender].filter(Boolean).join(' / ') || null],
    ['Accession', p.registrationID],
    ['Referred by', p.referredName],
    ['Study', [s.modality, s.studyDescription ?? s.bodyPart].filter(Boolean).join(' — ') || null],
  ];
  return (
    <SimpleGrid
      cols={2}
      spacing={4}
      verticalSpacing={2}
      data-testid="report-patient"
      p="xs"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
    >
      {rows.map(([label, value]) => (
        <Text key={label} size="xs">
          <Text span c="dimmed" size="xs">
            {label}:{' '}
          </Text>
          {value ?? '—'}
        </Text>
      ))}
    </SimpleGrid>
  );
}
