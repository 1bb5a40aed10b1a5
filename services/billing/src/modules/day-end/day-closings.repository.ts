import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { collectionSchema, dayClosingSchema, type CollectionFigures, type DayClosing } from '@rayworks/contracts';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';

const minor = z.coerce.number().int();

const closingRow = z.object({
  id: z.uuid(),
  centre_id: z.uuid(),
  local_date: z.string(),
  currency: dayClosingSchema.shape.currency,
  counted_cash_minor: minor,
  expected_cash_minor: minor,
  difference_minor: minor,
  collection: collectionSchema,
  note: z.string().nullable(),
  closed_at: z.date(),
  closed_by: z.uuid(),
  closed_by_name: z.string(),
});
export type DayClosingRow = z.output<typeof closingRow>;

/** A closing as it is written: the difference is the database's CHECK too (counted − expected). */
export interface NewDayClosing {
  tenantId: string;
  centreId: string;
  groupId: string | null;
  date: string;
  timeZone: string;
  currency: DayClosing['currency'];
  countedCashMinor: number;
  expectedCashMinor: number;
  differenceMinor: number;
  collection: CollectionFigures;
  note: string | null;
  closedBy: { userId: string; loginName: string };
}

// the date as text, so no time zone of the server's ever moves it
const COLUMNS = `id, centre_id, local_date::text AS local_date, currency, counted_cash_minor, expected_cash_minor,
  difference_minor, collection, note, closed_at, closed_by, closed_by_name`;

/** billing.day_closings under row-level security: a centre's day closed with the cash counted, once. */
@Injectable()
export class DayClosingsRepository {
  /** The closing of a centre's date, or null while the day is open. */
  async find(tx: ReadTx, centreId: string, date: string): Promise<DayClosingRow | null> {
    const [row] = await typedRows(
      tx.manager,
      closingRow,
      `SELECT ${COLUMNS} FROM billing.day_closings WHERE centre_id = :centreId AND local_date = :localDate::date`,
      { centreId, localDate: date },
    );
    return row ?? null;
  }

  /**
   * Writes the closing unless the centre's date is closed already (also by a close that committed a moment ago: the
   * unique key decides, nothing is written twice): the new row, or null when another close came first.
   */
  async insert(tx: ChangeTx, c: NewDayClosing): Promise<DayClosingRow | null> {
    const [row] = await typedRows(
      tx.manager,
      closingRow,
      `INSERT INTO billing.day_closings (tenant_id, centre_id, group_id, local_date, time_zone, currency,
         counted_cash_minor, expected_cash_minor, difference_minor, collection, note, closed_by, closed_by_name)
       VALUES (:tenantId, :centreId, :groupId, :localDate::date, :timeZone, :currency, :counted, :expected, :difference,
         :collection::jsonb, :note, :closedBy, :closedByName)
       ON CONFLICT ON CONSTRAINT day_closings_centre_date DO NOTHING
       RETURNING ${COLUMNS}`,
      {
        tenantId: c.tenantId,
        centreId: c.centreId,
        groupId: c.groupId,
        localDate: c.date,
        timeZone: c.timeZone,
        currency: c.currency,
        counted: c.countedCashMinor,
        expected: c.expectedCashMinor,
        difference: c.differenceMinor,
        collection: JSON.stringify(c.collection),
        note: c.note,
        closedBy: c.closedBy.userId,
        closedByName: c.closedBy.loginName,
      },
    );
    return row ?? null;
  }
}
