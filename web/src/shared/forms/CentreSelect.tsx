import { Select } from '@mantine/core';
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
}

/**
 * A centre: from auth's centre list for those who may list centres, otherwise one of the signed-in user's own
 * centres (a radiologist's).
 */
export function CentreSelect({ label, value, onChange, testId, placeholder, clearable, description }: Props) {
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
        testId={testId}
      />
    );
  const own = profile?.centerID ?? [];
  return (
    <Select
      label={label}
      placeholder={placeholder}
      description={description}
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
