import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Department } from '@rayworks/contracts';

/** auth.sub_departments: a department's parts (e.g. CT under Radiology). */
@Entity({ name: 'sub_departments' })
export class SubDepartmentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'department_id', type: 'uuid' })
  departmentId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  code!: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** auth.departments: owner-scoped reference data (tenant, group or centre). */
@Entity({ name: 'departments' })
export class DepartmentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  code!: string;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @Column({ name: 'owner_group_id', type: 'uuid', nullable: true })
  ownerGroupId!: string | null;

  @Column({ name: 'owner_centre_id', type: 'uuid', nullable: true })
  ownerCentreId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

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
