import { Select } from '@mantine/core';
import { CASE_MESSAGES } from '@rayworks/contracts';
import { useState } from 'react';
import { useAssignees, useCentreSettings } from './useCaseActions';

/**
 * The transcriptionist a case goes to: chosen by hand where the centre says MANUAL (the default), by the centre (least
 * open work) where it says AUTOMATIC. One rule for the worklist's Send to typist and the report editor's.
 */
export function useTypistChoice(centreId: string | null, enabled: boolean) {
  const typists = useAssignees(centreId, 'typist', enabled);
  const settings = useCentreSettings(centreId, enabled);
  const automatic = settings.data?.typistAssignment === 'AUTOMATIC';
  const [typistId, setTypistId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    typists,
    automatic,
    typistId,
    error,
    choose(value: string | null) {
      setTypistId(value);
      setError(null);
    },
    /** False (and the field says why) when the centre wants a transcriptionist chosen and none is. */
    validate(): boolean {
      if (!automatic && !typistId) {
        setError(CASE_MESSAGES.chooseTypist);
        return false;
      }
      return true;
    },
  };
}

export type TypistChoice = ReturnType<typeof useTypistChoice>;

export function TypistSelect({ choice, testId }: { choice: TypistChoice; testId: string }) {
  const { typists, automatic } = choice;
  return (
    <Select
      label="Transcriptionist"
      placeholder={automatic ? 'Chosen by the centre (least open work)' : 'Choose a Transcriptionist'}
      withAsterisk={!automatic}
      data={(typists.data ?? []).map((t) => ({
        value: t.id,
        label: `${t.fullName} · ${t.isAvailable ? 'online' : 'offline'} · ${t.openWork} open`,
      }))}
      value={choice.typistId}
      onChange={choice.choose}
      clearable={automatic}
      searchable
      nothingFoundMessage={typists.isLoading ? 'Loading…' : 'No transcriptionist in this centre'}
      error={choice.error}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
