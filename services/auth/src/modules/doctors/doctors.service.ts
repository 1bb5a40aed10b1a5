import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Doctor, ListQuery, Page } from '@rayworks/contracts';
import { companyOf, forbidden, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { wholeReach } from '../access/owner-scope.js';
import { DepartmentsRepository } from '../departments/departments.repository.js';
import { CentresRepository } from '../org/centres.repository.js';
import { DoctorsRepository, type DoctorInput } from './doctors.repository.js';

const MESSAGES = {
  notFound: 'Doctor not found',
  centreNotFound: 'Center not found',
  departmentNotFound: 'Department not found',
} as const;

/**
 * Doctors. A doctor of no centre is shared by the whole tenant (tenant-level users create those); others are
 * read by anyone reaching one of their centres and changed only by someone reaching all of them.
 */
@Injectable()
export class DoctorsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(DoctorsRepository) private readonly doctors: DoctorsRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(DepartmentsRepository) private readonly departments: DepartmentsRepository,
  ) {}

  list(access: RequestAccess, q: ListQuery): Promise<Page<Doctor>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.doctors.list(tx, access, q);
      return { items: items.map((d) => d.toDoctor()), total, page: q.page, pageSize: q.pageSize };
    });
  }

  /** A doctor by id and profile id (the route /doctors/view/{id}/profileID/{profileID}): both must match. */
  get(access: RequestAccess, id: string, profileId: string): Promise<Doctor> {
    return this.uow.read(access, async (tx) => {
      const doctor = await this.doctors.findReadable(tx, access, id);
      if (!doctor || doctor.profileId !== profileId) throw new NotFoundException(MESSAGES.notFound);
      return doctor.toDoctor();
    });
  }

  create(access: RequestAccess, input: DoctorInput): Promise<Doctor> {
    return this.uow.change(access, async (tx) => {
      const centreIds = await this.placement(tx, access, input);
      const id = await this.doctors.insert(tx, companyOf(access.principal), input, centreIds);
      return (await this.doctors.findReadable(tx, wholeReach(access), id))!.toDoctor();
    });
  }

  update(access: RequestAccess, input: DoctorInput & { id: string }): Promise<Doctor> {
    return this.uow.change(access, async (tx) => {
      await this.writable(tx, access, input.id);
      const centreIds = await this.placement(tx, access, input);
      await this.doctors.update(tx, companyOf(access.principal), input.id, input, centreIds);
      return (await this.doctors.findReadable(tx, wholeReach(access), input.id))!.toDoctor();
    });
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean): Promise<Doctor> {
    return this.uow.change(access, async (tx) => {
      await this.writable(tx, access, id);
      await this.doctors.setActive(tx, id, isActive);
      return (await this.doctors.findReadable(tx, wholeReach(access), id))!.toDoctor();
    });
  }

  private async writable(tx: ReadTx, access: RequestAccess, id: string): Promise<void> {
    if (!(await this.doctors.findReadable(tx, access, id))) throw new NotFoundException(MESSAGES.notFound);
    if (!(await this.doctors.isWritable(tx, access, id))) throw forbidden();
  }

  /** The centres of a doctor: ones the caller reaches; when none are given, a non-tenant caller's own. */
  private async placement(tx: ReadTx, access: RequestAccess, input: DoctorInput): Promise<string[]> {
    if (input.departmentID && !(await this.departments.findReadable(tx, access, input.departmentID)))
      throw new NotFoundException(MESSAGES.departmentNotFound);
    let centreIds = [...new Set(input.centerID)];
    if (centreIds.length === 0 && access.principal.level !== 'tenant') {
      if (access.empty) throw forbidden();
      centreIds =
        access.centreFilter !== null
          ? [...access.centreFilter]
          : access.principal.groupId
            ? await this.centres.idsOfGroup(tx, access.principal.groupId)
            : [];
      if (centreIds.length === 0) throw forbidden();
    }
    const found = await this.centres.findManyVisible(tx, access, centreIds);
    if (found.length !== centreIds.length) throw new NotFoundException(MESSAGES.centreNotFound);
    return centreIds;
  }
}
