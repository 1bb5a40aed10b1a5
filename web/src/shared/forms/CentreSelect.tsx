import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { GENERIC } from '@rayworks/contracts';
import { useSession } from '../session/useSession';
import { RemoteSelect } from './RemoteSelect';
import { useCan } from '../hooks/useCan';
import { centreOption, fetchCentresPage } from '../directory/useCenters';

interface Props {
  label: string;
  value: string | null;
  onChange: (centreId: string | null) => void;
  testId: string;
  placeholder?: string;
  clearable?: boolean;
  description?: string;
  error?: ReactNode;
  withAsterisk?: boolean;
}

/**
 * A centre: from auth's centre list for those who may list centres, otherwise one of the signed-in user's own
 * centres (a radiologist's).
 */
export function CentreSelect(props: Props) {
  const { label, value, onChange, testId, placeholder, clearable, description, error, withAsterisk } = props;
  const can = useCan();
  const { profile } = useSession();
  if (can('CENTERS', GENERIC.VIEW))
    return (
      <RemoteSelect
        label={label}
        kind="centres"
        placeholder={placeholder}
        fetchPage={fetchCentresPage}
        toOption={centreOption}
        value={value}
        onChange={(v) => onChange(v ?? null)}
        clearable={clearable}
        description={description}
        error={error}
        withAsterisk={withAsterisk}
        testId={testId}
      />
    );
  const own = profile?.centerID ?? [];
  return (
    <Select
      label={label}
      placeholder={placeholder}
      description={description}
      error={error}
      withAsterisk={withAsterisk}
      data={own.map((id, i) => ({
        value: id,
        label: own.length === 1 && profile?.centerName ? profile.centerName : `Centre ${i + 1}`,
      }))}
      value={value}
      onChange={onChange}
      clearable={clearable}
      data-testid={testId}
    />
  );
}
