import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  AGE_UNITS,
  evaluateFormula,
  FIELD_MODES,
  FormulaSyntaxError,
  PARAMETER_TYPES,
  RANGE_SEXES,
  UNITS,
} from '@rayworks/contracts';
import {
  emptyRange,
  hasChoices,
  hasRanges,
  isNumeric,
  type LabDraft,
  type ParameterDraft,
} from '../hooks/lab-definition';

const UNIT_OPTIONS = UNITS.map((u) => ({
  value: u.code,
  label: u.label === u.code ? u.code : `${u.label} (${u.code})`,
}));
const options = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));

/** What a formula gives for sample inputs of 1 each, or why it cannot be read — shown as the formula is typed. */
function formulaHint(formula: string): string {
  if (formula.trim() === '') return 'e.g. TCHOL - HDL - TG / 5 (other parameters by code; + - * / ^, min, max, sqrt …)';
  try {
    evaluateFormula(formula, {});
    return 'Calculated from the parameters it names when they have values';
  } catch (error) {
    return error instanceof FormulaSyntaxError ? `Cannot be read: ${error.message}` : String(error);
  }
}

/**
 * One parameter of a lab test: code, name, type, unit, limits, formula or choices, and its reference ranges by sex
 * and age band. Plain inputs in reading order, so Tab walks the card; buttons say what they do.
 */
export function ParameterEditor({
  form,
  index,
  count,
  autoFocus,
}: {
  form: UseFormReturnType<LabDraft>;
  index: number;
  count: number;
  autoFocus: boolean;
}) {
  const p = form.values.parameters[index] as ParameterDraft;
  const at = (field: string) => `parameters.${index}.${field}`;
  const label = p.code || `Parameter ${index + 1}`;
  return (
    <Paper withBorder radius="md" p="md" data-testid={`parameter-${index}`} component="fieldset" style={{ margin: 0 }}>
      <Text component="legend" size="sm" fw={600} px={4}>
        {label}
      </Text>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            label="Code"
            required
            autoFocus={autoFocus}
            description="Letters, digits and _"
            {...form.getInputProps(at('code'))}
            data-testid={`parameter-${index}-code`}
          />
          <TextInput
            label="Name"
            required
            {...form.getInputProps(at('name'))}
            data-testid={`parameter-${index}-name`}
          />
          <Select
            label="Type"
            data={options(PARAMETER_TYPES)}
            allowDeselect={false}
            {...form.getInputProps(at('type'))}
            data-testid={`parameter-${index}-type`}
          />
          {isNumeric(p.type) ? (
            <Select
              label="Unit"
              data={UNIT_OPTIONS}
              searchable
              clearable
              placeholder="Search units"
              {...form.getInputProps(at('unit'))}
              data-testid={`parameter-${index}-unit`}
            />
          ) : (
            <Select
              label="Field mode"
              data={options(FIELD_MODES)}
              allowDeselect={false}
              {...form.getInputProps(at('fieldMode'))}
              data-testid={`parameter-${index}-mode`}
            />
          )}
        </SimpleGrid>
        {isNumeric(p.type) ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" verticalSpacing="xs">
              <TextInput label="Decimals" inputMode="numeric" {...form.getInputProps(at('decimals'))} />
              <TextInput label="Possible min" inputMode="decimal" {...form.getInputProps(at('possibleMin'))} />
              <TextInput label="Possible max" inputMode="decimal" {...form.getInputProps(at('possibleMax'))} />
              <TextInput label="Critical low" inputMode="decimal" {...form.getInputProps(at('criticalLow'))} />
              <TextInput label="Critical high" inputMode="decimal" {...form.getInputProps(at('criticalHigh'))} />
            </SimpleGrid>
            <TextInput
              label="Formula (calculated parameter)"
              description={formulaHint(p.formula)}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps(at('formula'))}
              data-testid={`parameter-${index}-formula`}
            />
          </>
        ) : null}
        {hasChoices(p) ? (
          <Textarea
            label="Choices"
            description="Separate with |; end an abnormal one with * (Non-reactive|Reactive*)"
            autosize
            minRows={1}
            {...form.getInputProps(at('options'))}
            data-testid={`parameter-${index}-options`}
          />
        ) : null}
        {hasRanges(p.type) ? <RangesEditor form={form} index={index} /> : null}
        <Group gap="xs" justify="flex-end">
          <Button
            size="xs"
            variant="subtle"
            disabled={index === 0}
            onClick={() => form.reorderListItem('parameters', { from: index, to: index - 1 })}
            aria-label={`Move up ${label}`}
          >
            Move up
          </Button>
          <Button
            size="xs"
            variant="subtle"
            disabled={index === count - 1}
            onClick={() => form.reorderListItem('parameters', { from: index, to: index + 1 })}
            aria-label={`Move down ${label}`}
          >
            Move down
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            disabled={count === 1}
            onClick={() => form.removeListItem('parameters', index)}
            aria-label={`Remove parameter ${label}`}
          >
            Remove parameter
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A parameter's reference ranges: one line each (label for Multiple ranges, sex, age band, low, high). */
function RangesEditor({ form, index }: { form: UseFormReturnType<LabDraft>; index: number }) {
  const p = form.values.parameters[index] as ParameterDraft;
  const labelled = p.type === 'Multiple ranges';
  const at = (r: number, field: string) => `parameters.${index}.ranges.${r}.${field}`;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Reference ranges
      </Text>
      {p.ranges.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reference range: results are flagged only against critical limits.
        </Text>
      ) : null}
      {p.ranges.map((_, r) => (
        <SimpleGrid
          key={r}
          cols={{ base: 2, sm: labelled ? 8 : 7 }}
          spacing="xs"
          verticalSpacing={4}
          data-testid={`parameter-${index}-range-${r}`}
          aria-label={`Range ${r + 1}`}
          role="group"
        >
          {labelled ? <TextInput label="Label" size="xs" {...form.getInputProps(at(r, 'label'))} /> : null}
          <Select
            label="Sex"
            size="xs"
            data={options(RANGE_SEXES)}
            allowDeselect={false}
            {...form.getInputProps(at(r, 'sex'))}
          />
          <TextInput label="Age from" size="xs" inputMode="numeric" {...form.getInputProps(at(r, 'ageFrom'))} />
          <TextInput
            label="Age to"
            size="xs"
            inputMode="numeric"
            placeholder="no end"
            {...form.getInputProps(at(r, 'ageTo'))}
          />
          <Select
            label="Age in"
            size="xs"
            data={options(AGE_UNITS)}
            allowDeselect={false}
            {...form.getInputProps(at(r, 'ageUnit'))}
          />
          <TextInput
            label="Low"
            size="xs"
            inputMode="decimal"
            {...form.getInputProps(at(r, 'low'))}
            data-testid={`parameter-${index}-range-${r}-low`}
          />
          <TextInput
            label="High"
            size="xs"
            inputMode="decimal"
            {...form.getInputProps(at(r, 'high'))}
            data-testid={`parameter-${index}-range-${r}-high`}
          />
          <Button
            size="xs"
            variant="subtle"
            color="red"
            mt={{ base: 0, sm: 22 }}
            onClick={() => form.removeListItem(`parameters.${index}.ranges`, r)}
            aria-label={`Remove range ${r + 1} of ${p.code || `parameter ${index + 1}`}`}
          >
            Remove
          </Button>
        </SimpleGrid>
      ))}
      <Group>
        <Button
          size="xs"
          variant="light"
          onClick={() => form.insertListItem(`parameters.${index}.ranges`, emptyRange())}
          data-testid={`parameter-${index}-add-range`}
        >
          Add range
        </Button>
      </Group>
    </Stack>
  );
}
