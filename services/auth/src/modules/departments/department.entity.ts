import { Column, Entity } from 'typeorm';
import { OwnerScopedRecord, TenantRecord } from '@rayworks/nest-kit';
import type { Department } from '@rayworks/contracts';

/** auth.sub_departments: a department's parts (e.g. CT under Radiology). */
@Entity({ name: 'sub_departments' })
export class SubDepartmentEntity extends TenantRecord {
  @Column({ name: 'department_id', type: 'uuid' })
  departmentId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  code!: string;
}

/** auth.departments: owner-scoped reference data (tenant, group or centre). */
@Entity({ name: 'departments' })
export class DepartmentEntity extends OwnerScopedRecord {
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  code!: string;

  /** Its sub-departments, by name (set by the repository, not a column). */
  subs?: SubDepartmentEntity[];

  /** The contract's view of this row. */
  toDepartment(): Department {
    return {
      _id: this.id,
      name: this.name,
      code: this.code,
      subDepartments: (this.subs ?? []).map((s) => ({
        _id: s.id,
        subDepartmentName: s.name,
        subDepartmentCode: s.code,
        isActive: s.isActive,
      })),
      isActive: this.isActive,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
