import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Doctor, ListQuery, Page } from '@rayworks/contracts';
import { forbidden, runInTenant, type RequestAccess, readTxOf } from '@rayworks/nest-kit';
import { iso, textOrNull, type Row } from '../../database/sql.js';
import { wholeReach } from '../access/owner-scope.js';
import { DepartmentsRepository } from '../departments/departments.repository.js';
import { CentresRepository } from '../org/centres.repository.js';
const idList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
import { DoctorsRepository, type DoctorInput } from './doctors.repository.js';

const MESSAGES = {
  notFound: 'Doctor not found',
  centreNotFound: 'Center not found',
  departmentNotFound: 'Department not found',
} as const;

export const toDoctor = (r: Row): Doctor => ({
  _id: String(r.id),
  profileID: String(r.profile_id),
  firstName: String(r.first_name),
  lastName: String(r.last_name),
  fullName: `${r.first_name} ${r.last_name}`.trim(),
  email: textOrNull(r.email),
  phoneNumber: textOrNull(r.phone_number),
  qualificationName: textOrNull(r.qualification_name),
  specialization: textOrNull(r.specialization),
  registrationNumber: textOrNull(r.registration_number),
  departmentID: textOrNull(r.department_id),
  departmentName: textOrNull(r.department_name),
  centerID: idList(r.centre_ids),
  centerNames: Array.isArray(r.centre_names) ? r.centre_names.map(String) : [],
  isActive: Boolean(r.is_active),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/**
 * Doctors. A doctor of no centre is shared by the whole tenant (tenant-level users create those); others are
 * read by anyone reaching one of their centres and changed only by someone reaching all of them.
 */
@Injectable()
export class DoctorsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(DoctorsRepository) private readonly doctors: DoctorsRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(DepartmentsRepository) private readonly departments: DepartmentsRepository,
  ) {}

  list(access: RequestAccess, q: ListQuery): Promise<Page<Doctor>> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const { items, total } = await this.doctors.list(m, access, q);
      return { items: items.map(toDoctor), total, page: q.page, pageSize: q.pageSize };
    });
  }

  /** A doctor by id and profile id (the route /doctors/view/{id}/profileID/{profileID}): both must match. */
  get(access: RequestAccess, id: string, profileId: string): Promise<Doctor> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const row = await this.doctors.findReadable(m, access, id);
      if (!row || row.profile_id !== profileId) throw new NotFoundException(MESSAGES.notFound);
      return toDoctor(row);
    });
  }

  create(access: RequestAccess, input: DoctorInput): Promise<Doctor> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const centreIds = await this.placement(m, access, input);
      const id = await this.doctors.insert(m, access.principal.tenantId, input, centreIds);
      return toDoctor((await this.doctors.findReadable(m, wholeReach(access), id))!);
    });
  }

  update(access: RequestAccess, input: DoctorInput & { id: string }): Promise<Doctor> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      await this.writable(m, access, input.id);
      const centreIds = await this.placement(m, access, input);
      await this.doctors.update(m, access.principal.tenantId, input.id, input, centreIds);
      return toDoctor((await this.doctors.findReadable(m, wholeReach(access), input.id))!);
    });
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean): Promise<Doctor> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      await this.writable(m, access, id);
      await this.doctors.setActive(m, id, isActive);
      return toDoctor((await this.doctors.findReadable(m, wholeReach(access), id))!);
    });
  }

  private async writable(m: EntityManager, access: RequestAccess, id: string): Promise<void> {
    if (!(await this.doctors.findReadable(m, access, id))) throw new NotFoundException(MESSAGES.notFound);
    if (!(await this.doctors.isWritable(m, access, id))) throw forbidden();
  }

  /** The centres of a doctor: ones the caller reaches; when none are given, a non-tenant caller's own. */
  private async placement(m: EntityManager, access: RequestAccess, input: DoctorInput): Promise<string[]> {
    if (input.departmentID && !(await this.departments.findReadable(m, access, input.departmentID)))
      throw new NotFoundException(MESSAGES.departmentNotFound);
    let centreIds = [...new Set(input.centerID)];
    if (centreIds.length === 0 && access.principal.level !== 'tenant') {
      if (access.empty) throw forbidden();
      centreIds =
        access.centreFilter !== null
          ? [...access.centreFilter]
          : access.principal.groupId
            ? await this.centres.idsOfGroup(readTxOf(m), access.principal.groupId)
            : [];
      if (centreIds.length === 0) throw forbidden();
    }
    const found = await this.centres.findManyVisible(readTxOf(m), access, centreIds);
    if (found.length !== centreIds.length) throw new NotFoundException(MESSAGES.centreNotFound);
    return centreIds;
  }
}
