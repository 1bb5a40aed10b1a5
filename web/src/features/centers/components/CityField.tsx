import { Autocomplete } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { filterForField, type FormFieldDefinition } from '@rayworks/validation';
import { keystrokeHandlers } from '../../../shared/forms/keystroke';
import { usePlaces } from '../hooks/useCentreActions';

interface Props<V extends { city: string; state: string }> {
  field: FormFieldDefinition;
  form: UseFormReturnType<V>;
}

/** City with suggestions from the place codes (POST /get/entity: code, city, state); choosing one fills the state. */
export function CityField<V extends { city: string; state: string }>({ field, form }: Props<V>) {
  const city = String(form.values.city ?? '');
  const [search] = useDebouncedValue(city.trim(), 300);
  const { data } = usePlaces(search);
  const entities = data ?? [];
  const options = [...new Set(entities.map((e) => e.city))];
  const input = form.getInputProps('city' as never);
  return (
    <Autocomplete
      label={field.label}
      withAsterisk={field.mandatory === true}
      data={options}
      {...input}
      {...keystrokeHandlers(filterForField(field))}
      onOptionSubmit={(value) => {
        const match = entities.find((e) => e.city === value);
        if (match && !String(form.values.state ?? '').trim())
          form.setFieldValue('state' as never, match.state as never);
      }}
      autoComplete="off"
      data-testid="field-city"
    />
  );
}
