import { Badge, Group, MultiSelect, NativeSelect, Text, TextInput, Tooltip } from '@mantine/core';
import type { JudgedResult, Parameter, ResultValue } from '@rayworks/contracts';
import { IconCalculator } from '@tabler/icons-react';
import { memo, useState, type KeyboardEvent } from 'react';
import { controlOf, FLAG_DISPLAY, keyAction, type KeyAction } from '../hooks/worksheet-grid';
import classes from './WorksheetTable.module.css';

interface ValueCellProps {
  /** The cell's key (order and parameter): focus moves between these. */
  cell: string;
  parameter: Parameter;
  /** What the input shows: the draft, else the saved value. */
  value: ResultValue;
  /** The line as judgeTest judges it now (a calculated value, a refusal). */
  line: JudgedResult | undefined;
  disabled: boolean;
  /** Names the input for screen readers: the parameter and the sample. */
  label: string;
  onChange: (cell: string, value: ResultValue) => void;
  onKey: (cell: string, action: Exclude<KeyAction, null>) => void;
  onFocus: (cell: string) => void;
  register: (cell: string, element: HTMLElement | null) => void;
}

/**
 * A parameter's value on the worksheet: a decimal or text input, a choice list (a native select: letters pick, Alt+↓
 * opens it), a list of several choices, or a calculated value filled in by judgeTest. A refused value keeps its
 * message under the input. Keys: docs/decisions/0308.
 */
export const ValueCell = memo(function ValueCell(props: ValueCellProps) {
  const { cell, parameter, value, line, disabled, label, onChange, onKey, onFocus, register } = props;
  const control = controlOf(parameter);
  const [open, setOpen] = useState(false);
  const keyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = keyAction(event, control, open);
    if (action === null) return;
    event.preventDefault();
    onKey(cell, action);
  };
  const common = {
    'aria-label': label,
    'data-testid': 'result-value',
    'data-cell': cell,
    'data-code': parameter.code,
    onFocus: () => onFocus(cell),
    onKeyDown: keyDown,
    disabled,
    size: 'xs' as const,
    error: line?.error ?? undefined,
  };
  const text = typeof value === 'string' ? value : value.join(', ');

  switch (control) {
    case 'calculated':
      return (
        <Group gap={6} wrap="nowrap" data-testid="result-calculated" data-code={parameter.code}>
          <Tooltip label={`Calculated: ${parameter.formula}`} withArrow>
            <IconCalculator size={16} aria-label="Calculated" className={classes.muted} />
          </Tooltip>
          <Text size="sm" fw={600} className={classes.numeric} data-testid="result-calculated-value">
            {line?.value === null || line?.value === undefined ? '—' : String(line.value)}
          </Text>
        </Group>
      );
    case 'choice':
      return (
        <NativeSelect
          {...common}
          ref={(el) => register(cell, el)}
          value={text}
          data={[{ value: '', label: '—' }, ...parameter.options.map((o) => ({ value: o.value, label: o.value }))]}
          onChange={(event) => onChange(cell, event.currentTarget.value)}
        />
      );
    case 'choices':
      return (
        <MultiSelect
          {...common}
          ref={(el) => register(cell, el)}
          value={typeof value === 'string' ? (value ? [value] : []) : [...value]}
          data={parameter.options.map((o) => o.value)}
          onChange={(next) => onChange(cell, next)}
          onDropdownOpen={() => setOpen(true)}
          onDropdownClose={() => setOpen(false)}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          ref={(el) => register(cell, el)}
          value={text}
          inputMode={control === 'number' ? 'decimal' : 'text'}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(cell, event.currentTarget.value)}
        />
      );
  }
});

/** A flag in letters and words, with its colour (never colour alone); nothing for a value not judged. */
export function FlagCell({ line }: { line: JudgedResult | undefined }) {
  if (!line || line.flag === null || line.flag === 'ABSURD') return null;
  const flag = FLAG_DISPLAY[line.flag];
  if (line.flag === 'NORMAL')
    return (
      <Text size="xs" c="dimmed" data-testid="result-flag" data-flag="NORMAL">
        {flag.label}
      </Text>
    );
  const critical = line.flag === 'CRITICAL_LOW' || line.flag === 'CRITICAL_HIGH';
  return (
    <Group gap={6} wrap="nowrap" data-testid="result-flag" data-flag={line.flag}>
      <Badge color={flag.color} variant="filled" autoContrast radius="sm" style={{ flex: 'none' }} aria-hidden>
        {flag.short}
      </Badge>
      <Text size="xs" fw={critical ? 700 : 600} className={critical ? classes.critical : undefined}>
        {flag.label}
      </Text>
    </Group>
  );
}

/** The patient's previous result of the parameter (shown for a parameter with a delta rule). */
export function PreviousCell({ line }: { line: JudgedResult | undefined }) {
  return (
    <Text size="sm" className={classes.numeric} c={line?.previous ? undefined : 'dimmed'} data-testid="result-previous">
      {line?.previous ?? '—'}
    </Text>
  );
}

/** The change from the previous result, and whether it is beyond the parameter's delta rule. */
export function DeltaCell({ line }: { line: JudgedResult | undefined }) {
  const delta = line?.delta;
  if (!delta)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const signed = delta.difference.startsWith('-') ? delta.difference : `+${delta.difference}`;
  return (
    <Group gap={6} wrap="nowrap" data-testid="result-delta" data-exceeded={delta.exceeded}>
      <Text size="sm" className={classes.numeric}>
        Δ {signed}
      </Text>
      {delta.exceeded ? (
        <Badge color="yellow" variant="light" radius="sm">
          Beyond delta rule
        </Badge>
      ) : null}
    </Group>
  );
}
