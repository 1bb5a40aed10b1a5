import { Button, Group, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DayInput } from '../../../shared/forms/DayInput';
import type { StudyFilters } from '../hooks/useStudies';

/** Modalities offered by the filter (DICOM defined terms seen in a diagnostic centre's archive). */
export const MODALITIES = ['CT', 'MR', 'CR', 'DX', 'US', 'MG', 'NM', 'PT', 'XA', 'RF', 'OT', 'SC'] as const;

const toDicomDate = (value: string) => value.replace(/-/g, '');
const toInputDate = (value: string | undefined) =>
  value && /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : '';

/** The archive's filters: patient name (with * and ? wildcards), patient ID, accession, a date range, modality. */
export function StudyFiltersBar({
  filters,
  onChange,
}: {
  filters: StudyFilters;
  onChange: (filters: StudyFilters) => void;
}) {
  const [text, setText] = useState({
    patientName: filters.patientName ?? '',
    patientId: filters.patientId ?? '',
    accessionNumber: filters.accessionNumber ?? '',
  });
  const push = useDebouncedCallback((next: StudyFilters) => onChange(next), 350);
  const setTextFilter = (key: keyof typeof text, value: string) => {
    const nextText = { ...text, [key]: value };
    setText(nextText);
    push({ ...filters, [key]: value.trim() || undefined });
  };
  const any = Object.values(filters).some(Boolean);
  return (
    <Paper withBorder radius="md" p="sm" mb="md" data-testid="archive-filters">
      <Group gap="sm" align="end" wrap="wrap">
        <TextInput
          label="Patient name"
          placeholder="DOE* (* and ? wildcards)"
          title="* matches any characters, ? one character"
          value={text.patientName}
          onChange={(e) => setTextFilter('patientName', e.currentTarget.value)}
          maxLength={64}
          w={{ base: '100%', xs: 230 }}
          data-testid="archive-filter-patient-name"
        />
        <TextInput
          label="Patient ID"
          value={text.patientId}
          onChange={(e) => setTextFilter('patientId', e.currentTarget.value)}
          maxLength={64}
          w={{ base: '100%', xs: 160 }}
          data-testid="archive-filter-patient-id"
        />
        <TextInput
          label="Accession"
          value={text.accessionNumber}
          onChange={(e) => setTextFilter('accessionNumber', e.currentTarget.value)}
          maxLength={64}
          w={{ base: '100%', xs: 160 }}
          data-testid="archive-filter-accession"
        />
        <DayInput
          label="Study date from"
          value={toInputDate(filters.studyDateFrom)}
          maxDate={toInputDate(filters.studyDateTo)}
          onChange={(day) => onChange({ ...filters, studyDateFrom: day ? toDicomDate(day) : undefined })}
          clearable
          w={{ base: '100%', xs: 160 }}
          data-testid="archive-filter-date-from"
        />
        <DayInput
          label="to"
          value={toInputDate(filters.studyDateTo)}
          minDate={toInputDate(filters.studyDateFrom)}
          onChange={(day) => onChange({ ...filters, studyDateTo: day ? toDicomDate(day) : undefined })}
          clearable
          w={{ base: '100%', xs: 160 }}
          data-testid="archive-filter-date-to"
        />
        <Select
          label="Modality"
          placeholder="Any"
          data={[...MODALITIES]}
          value={filters.modality ?? null}
          onChange={(value) => onChange({ ...filters, modality: value ?? undefined })}
          clearable
          w={{ base: '100%', xs: 120 }}
          data-testid="archive-filter-modality"
        />
        {any ? (
          <Button
            variant="subtle"
            leftSection={<IconX size={14} />}
            onClick={() => {
              setText({ patientName: '', patientId: '', accessionNumber: '' });
              onChange({});
            }}
            data-testid="archive-filters-clear"
          >
            Clear filters
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
