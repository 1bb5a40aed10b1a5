import { Column, Entity, Generated, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { TenantRecord } from '@rayworks/nest-kit';
import type { Doctor } from '@rayworks/contracts';
import { DepartmentEntity } from '../departments/department.entity.js';

/** auth.doctors: referring and reporting doctors, of no centre (the whole tenant's) or of some centres. */
@Entity({ name: 'doctors' })
export class DoctorEntity extends TenantRecord {
  @Column({ name: 'profile_id', type: 'uuid' })
  @Generated('uuid')
  profileId!: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: string | null;

  @Column({ name: 'qualification_name', type: 'text', nullable: true })
  qualificationName!: string | null;

  @Column({ type: 'text', nullable: true })
  specialization!: string | null;

  @Column({ name: 'registration_number', type: 'text', nullable: true })
  registrationNumber!: string | null;

  @Column({ name: 'department_id', type: 'uuid', nullable: true })
  departmentId!: string | null;

  @ManyToOne(() => DepartmentEntity, { nullable: true })
  @JoinColumn({ name: 'department_id' })
  department?: DepartmentEntity | null;

  /** Its centres, by name (set by the repository, not a column). */
  centres?: { id: string; name: string }[];

  /** The contract's view of this row (`department` joined for its name). */
  toDoctor(): Doctor {
    return {
      _id: this.id,
      profileID: this.profileId,
      firstName: this.firstName,
      lastName: this.lastName,
      fullName: `${this.firstName} ${this.lastName}`.trim(),
      email: this.email,
      phoneNumber: this.phoneNumber,
      qualificationName: this.qualificationName,
      specialization: this.specialization,
      registrationNumber: this.registrationNumber,
      departmentID: this.departmentId,
      departmentName: this.department?.name ?? null,
      centerID: (this.centres ?? []).map((c) => c.id),
      centerNames: (this.centres ?? []).map((c) => c.name),
      isActive: this.isActive,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}

/** auth.doctor_centres: the centres a doctor works at. */
@Entity({ name: 'doctor_centres' })
export class DoctorCentreEntity {
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @PrimaryColumn({ name: 'doctor_id', type: 'uuid' })
  doctorId!: string;

  @PrimaryColumn({ name: 'centre_id', type: 'uuid' })
  centreId!: string;
}
