import type { Locator } from 'playwright-core';
import { formatReportDay } from '@rayworks/contracts';

/** A 'YYYY-MM-DD' day as the console's date inputs show it and a person types it: spec §9's '28 Nov 2026'. */
export const typedDay = (day: string): string => formatReportDay(`${day}T12:00:00Z`, 'UTC');

/**
 * Types into one of the console's date inputs (shared/forms/DayInput) as a person does: clicks it (its calendar
 * opens), selects what it holds, types key by key, and leaves the field, which closes the calendar and shows the day
 * as it was taken. Answers what the field shows once it has settled: the day typed goes to its owner (the worklist
 * keeps it in the address), and the field may show it a render or two after the blur on a loaded machine.
 */
export async function typeIntoDay(input: Locator, text: string): Promise<string> {
  await input.click();
  await input.press('ControlOrMeta+a');
  if (text) await input.pressSequentially(text, { delay: 15 });
  else await input.press('Backspace');
  await input.blur();
  return settledValue(input);
}

/** The field's value once three readings 100 ms apart agree (at most 3 s: then the last reading). */
async function settledValue(input: Locator): Promise<string> {
  let last = await input.inputValue();
  let same = 0;
  for (let waited = 0; same < 2 && waited < 3_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await input.inputValue();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return last;
}

/** Types a 'YYYY-MM-DD' day as '28 Nov 2026' (an empty day clears the field); fails when the field did not take it. */
export async function fillDay(input: Locator, day: string): Promise<void> {
  const wanted = day ? typedDay(day) : '';
  const shown = await typeIntoDay(input, wanted);
  if (shown !== wanted) throw new Error(`The date input shows '${shown}' after '${wanted}' was typed`);
}
