import type { Locator } from 'playwright-core';
import { formatReportDay } from '@rayworks/contracts';

/** A 'YYYY-MM-DD' day as the console's date inputs show it and a person types it: spec §9's '28 Nov 2026'. */
export const typedDay = (day: string): string => formatReportDay(`${day}T12:00:00Z`, 'UTC');

/**
 * Types a day into one of the console's date inputs (shared/forms/DayInput) as a person would — '28 Nov 2026' —
 * and leaves the field, which closes its calendar and shows the day as taken. An empty day clears the field.
 */
export async function fillDay(input: Locator, day: string): Promise<void> {
  await input.fill(day ? typedDay(day) : '');
  await input.blur();
}
