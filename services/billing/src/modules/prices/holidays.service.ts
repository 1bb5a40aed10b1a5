import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { PRICE_MESSAGES, type BILLING_API, type BodyOf, type Holiday, type Page } from '@rayworks/contracts';
import { companyOf, isUniqueViolation, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { HolidaysRepository } from './holidays.repository.js';
import { PRICE_AUDIT_ACTIONS } from './prices-audit.js';
import { ReachableCentres } from './reachable-centres.js';

/**
 * The centres' holiday calendar (`/holiday_calendar/*`, docs/decisions/0240, 0250): whole local dates of a centre
 * billed at the holiday price, added to several centres at once, read and removed only within the caller's reach.
 */
@Injectable()
export class HolidaysService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(HolidaysRepository) private readonly holidays: HolidaysRepository,
    @Inject(ReachableCentres) private readonly centres: ReachableCentres,
  ) {}

  list(access: RequestAccess, q: BodyOf<typeof BILLING_API.findHolidays>): Promise<Page<Holiday>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.holidays.list(tx, access, q);
      return { items: items.map((h) => h.toHoliday()), total, page: q.page, pageSize: q.pageSize };
    });
  }

  create(access: RequestAccess, body: BodyOf<typeof BILLING_API.createHoliday>): Promise<{ holidays: Holiday[] }> {
    return this.uow.change(access, async (tx) => {
      const centres = await this.centres.all(tx, access, body.centreIds);
      const taken = new Set(
        await this.holidays.taken(
          tx,
          centres.map((c) => c.id),
          body.date,
        ),
      );
      if (taken.size > 0)
        throw new ConflictException(
          PRICE_MESSAGES.holidayTaken(centres.filter((c) => taken.has(c.id)).map((c) => c.code)),
        );
      const tenantId = companyOf(access.principal);
      let ids: string[];
      try {
        ids = await this.holidays.insert(
          tx,
          centres.map((c) => ({ tenantId, centreId: c.id, date: body.date, name: body.name })),
        );
      } catch (error) {
        // someone added the same date at one of these centres a moment ago
        if (isUniqueViolation(error, 'holidays_centre_date'))
          throw new ConflictException(PRICE_MESSAGES.holidayTaken(centres.map((c) => c.code)));
        throw error;
      }
      for (const [i, id] of ids.entries())
        await tx.audit({
          action: PRICE_AUDIT_ACTIONS.holidayCreate,
          target: { type: 'holiday', id },
          details: { centreId: centres[i]!.id, date: body.date, name: body.name },
        });
      return { holidays: (await this.holidays.byIds(tx, ids)).map((h) => h.toHoliday()) };
    });
  }

  delete(access: RequestAccess, id: string): Promise<Holiday> {
    return this.uow.change(access, async (tx) => {
      const found = await this.holidays.findReadable(tx, access, id);
      if (!found) throw new NotFoundException(PRICE_MESSAGES.holidayNotFound);
      await this.holidays.delete(tx, found.id);
      await tx.audit({
        action: PRICE_AUDIT_ACTIONS.holidayDelete,
        target: { type: 'holiday', id: found.id },
        details: { centreId: found.centreId, date: found.date, name: found.name },
      });
      return found.toHoliday();
    });
  }
}
