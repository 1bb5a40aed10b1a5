import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { DAY_PLACEHOLDER, formatDay, parseDay } from './day-input';

export interface DayInputProps extends Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
> {
  /** The day, 'YYYY-MM-DD' as the APIs take it; empty for none. */
  value: string | null | undefined;
  /** The new day ('YYYY-MM-DD'), or null when the field was cleared. */
  onChange: (value: string | null) => void;
  /** The first and last day that can be chosen or typed ('YYYY-MM-DD'). */
  minDate?: string | undefined;
  maxDate?: string | undefined;
}

/**
 * The console's one date input (docs/decisions/0350-one-date-input.md): shows spec §9's '28 Nov 2026', takes it typed
 * (and '28/11/2026' or '2026-11-28' pasted), opens Mantine's calendar, and hands 'YYYY-MM-DD' to its owner. A day
 * outside minDate–maxDate is neither chosen nor taken from the keyboard; what is not a day yet is put back on blur.
 */
export function DayInput({ value, onChange, minDate, maxDate, placeholder, ...rest }: DayInputProps) {
  // The day typed is held here at once: an owner that keeps it in the address (a router transition) hands it back a
  // render later, after the field has left and shown its old day again. A new day from the owner replaces it.
  const owned = value || null;
  const [held, setHeld] = useState({ owned, day: owned });
  if (held.owned !== owned) setHeld({ owned, day: owned });
  return (
    <DateInput
      {...rest}
      value={held.owned !== owned ? owned : held.day}
      onChange={(next) => {
        setHeld({ owned, day: next });
        onChange(next);
      }}
      valueFormat={formatDay}
      dateParser={parseDay}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      placeholder={placeholder ?? DAY_PLACEHOLDER}
      popoverProps={{ withinPortal: true, ...rest.popoverProps }}
      // the clear button is named for screen readers (WCAG 4.1.2: axe's button-name)
      clearButtonProps={{
        'aria-label': typeof rest.label === 'string' ? `Clear ${rest.label}` : 'Clear date',
        ...rest.clearButtonProps,
      }}
    />
  );
}
