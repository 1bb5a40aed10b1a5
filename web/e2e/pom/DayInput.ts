import type { Locator } from 'playwright-core';
import { formatReportDay } from '@rayworks/contracts';

/** A 'YYYY-MM-DD' day as the console's date inputs show it and a person types it: spec §9's '28 Nov 2026'. */
export const typedDay = (day: string): string => formatReportDay(`${day}T12:00:00Z`, 'UTC');

/**
 * Types into one of the console's date inputs (shared/forms/DayInput) as a person does: clicks it (its calendar
 * opens), selects what it holds, types key by key, and leaves the field, which closes the calendar and shows the day
 * as it was taken. Answers what the field shows then.
 */
export async function typeIntoDay(input: Locator, text: string): Promise<string> {
  await input.click();
  await input.press('ControlOrMeta+a');
  if (text) await input.pressSequentially(text, { delay: 15 });
  else await input.press('Backspace');
  await input.blur();
  return input.inputValue();
}

/** Types a 'YYYY-MM-DD' day as '28 Nov 2026' (an empty day clears the field); fails when the field did not take it. */
export async function fillDay(input: Locator, day: string): Promise<void> {
  const wanted = day ? typedDay(day) : '';
  const shown = await typeIntoDay(input, wanted);
  if (shown !== wanted) throw new Error(`The date input shows '${shown}' after '${wanted}' was typed`);
}
