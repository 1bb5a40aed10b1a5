import type { Case } from '@rayworks/contracts';
import type { ChangeTx, ReadOptions, ReadTx, RequestAccess, UnitOfWork } from '@rayworks/nest-kit';

/**
 * A unit of work on the report of a case the caller may see (cases answered it with the caller's own credentials):
 * in the case's company, as the caller (the unit of work's `{ inCompany }`, docs/decisions/0225) — a marketplace
 * radiologist or the fusion side writes a report of another company under its own user and level.
 */
export const changeInCase = <T>(
  uow: UnitOfWork,
  access: RequestAccess,
  c: Pick<Case, 'companyId'>,
  work: (tx: ChangeTx) => Promise<T>,
): Promise<T> => uow.change(access, work, { inCompany: c.companyId });

/** `changeInCase`'s read: in the case's company, as the caller, with the read's options (its audit entry). */
export const readInCase = <T>(
  uow: UnitOfWork,
  access: RequestAccess,
  c: Pick<Case, 'companyId'>,
  work: (tx: ReadTx) => Promise<T>,
  options: Omit<ReadOptions, 'inCompany'> = {},
): Promise<T> => uow.read(access, work, { ...options, inCompany: c.companyId });
