import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  CASE_LEGENDS,
  CASE_PRIORITIES,
  GENERIC,
  ROLE_CODES,
  type CaseLegend,
  type CasePriority,
} from '@rayworks/contracts';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../shared/hooks/useCan';
import { DayInput } from '../../../shared/forms/DayInput';
import { RemoteSelect } from '../../../shared/forms/RemoteSelect';
import { centreOption, fetchCentresPage } from '../../../shared/directory/useCenters';
import { fetchUsersPage } from '../../../shared/directory/useUsers';
import { activeFilterCount, type WorklistFilters } from '../hooks/worklist-filters';

/** Every filter off (the tab, the sort and the page size stay). */
const CLEARED_FILTERS: Partial<WorklistFilters> = {
  from: undefined,
  to: undefined,
  modality: undefined,
  centreId: undefined,
  radiologistId: undefined,
  priority: undefined,
  legends: [],
  search: '',
};

/** Modalities a worklist filters by most (DICOM codes); any other can be typed in the address bar. */
export const COMMON_MODALITIES = ['CT', 'MR', 'CR', 'DX', 'US', 'MG', 'NM', 'PT', 'XA', 'RF', 'OT', 'SC'] as const;

export const PRIORITY_LABELS: Record<CasePriority, string> = { EMERGENT: 'Emergent', STAT: 'STAT', ROUTINE: 'Routine' };

interface Props {
  filters: WorklistFilters;
  onChange: (patch: Partial<WorklistFilters>) => void;
}

/**
 * The worklist's filters (issue 10): received dates, modality, centre, radiologist, priority, legends and free text
 * on patient name / ID / accession. Every change goes to the address bar (the page reads its state from there).
 * Centre and radiologist lists come from auth, so they are offered to users who may list centres / users.
 */
export function WorklistFiltersBar({ filters, onChange }: Props) {
  const can = useCan();
  const [text, setText] = useState(filters.search);
  const pushText = useDebouncedCallback((value: string) => onChange({ search: value.trim() }), 350);
  // Back / forward or Clear change the URL: the box follows (adjusted while rendering, not in an effect)
  const [seen, setSeen] = useState(filters.search);
  if (seen !== filters.search) {
    setSeen(filters.search);
    if (text.trim() !== filters.search) setText(filters.search);
  }
  const modalities = [...new Set([...COMMON_MODALITIES, ...(filters.modality ? [filters.modality] : [])])];
  const any = activeFilterCount(filters) > 0 || filters.search !== '';

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="worklist-filters">
      <TextInput
        label="Search"
        placeholder="Patient name, ID or accession"
        leftSection={<IconSearch size={16} />}
        value={text}
        maxLength={64}
        onChange={(event) => {
          setText(event.currentTarget.value);
          pushText(event.currentTarget.value);
        }}
        w={{ base: '100%', xs: 260 }}
        data-testid="worklist-search"
      />
      <DayInput
        label="Received from"
        value={filters.from}
        maxDate={filters.to}
        onChange={(day) => onChange({ from: day ?? undefined })}
        clearable
        w={160}
        data-testid="worklist-from"
      />
      <DayInput
        label="Received to"
        value={filters.to}
        minDate={filters.from}
        onChange={(day) => onChange({ to: day ?? undefined })}
        clearable
        w={160}
        data-testid="worklist-to"
      />
      <Select
        label="Modality"
        placeholder="Any"
        data={modalities}
        value={filters.modality ?? null}
        onChange={(value) => onChange({ modality: value ?? undefined })}
        clearable
        searchable
        w={120}
        data-testid="worklist-modality"
      />
      <Select
        label="Priority"
        placeholder="Any"
        data={CASE_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
        value={filters.priority ?? null}
        onChange={(value) => onChange({ priority: (value as CasePriority | null) ?? undefined })}
        clearable
        w={130}
        data-testid="worklist-priority"
      />
      <MultiSelect
        label="Legends"
        placeholder={filters.legends.length === 0 ? 'Any' : undefined}
        data={[...CASE_LEGENDS]}
        value={filters.legends}
        onChange={(value) => onChange({ legends: value as CaseLegend[] })}
        clearable
        w={{ base: '100%', xs: 240 }}
        data-testid="worklist-legends"
      />
      {can('CENTERS', GENERIC.VIEW) ? (
        <div style={{ width: 240 }}>
          <RemoteSelect
            label="Centre"
            kind="centres"
            placeholder="Any"
            fetchPage={fetchCentresPage}
            toOption={centreOption}
            value={filters.centreId ?? null}
            onChange={(value) => onChange({ centreId: value ?? undefined })}
            clearable
            testId="worklist-centre"
          />
        </div>
      ) : null}
      {can('USER', GENERIC.VIEW) ? (
        <div style={{ width: 240 }}>
          <RemoteSelect
            label="Radiologist"
            kind="users"
            extraKey="radiologists"
            placeholder="Any"
            fetchPage={fetchUsersPage({ roleCode: ROLE_CODES.CENTER_RADIOLOGIST })}
            toOption={(u) => ({ value: u._id, label: u.fullName })}
            value={filters.radiologistId ?? null}
            onChange={(value) => onChange({ radiologistId: value ?? undefined })}
            clearable
            testId="worklist-radiologist"
          />
        </div>
      ) : null}
      {any ? (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} />}
          onClick={() => onChange(CLEARED_FILTERS)}
          data-testid="worklist-clear-filters"
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
