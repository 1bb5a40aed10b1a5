import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TenantRecord } from '@rayworks/nest-kit';

/** auth.users: a person who logs in, of one tenant, with one role. */
@Entity({ name: 'users' })
export class UserEntity extends TenantRecord {
  @Column({ name: 'login_name', type: 'text' })
  loginName!: string;

  @Column({ name: 'first_name', type: 'text' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text' })
  lastName!: string;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: string | null;

  @Column({ name: 'role_id', type: 'uuid' })
  roleId!: string;

  /** Stored for group-level users only; a centre user's group is its centres'. */
  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'is_availability', type: 'boolean', default: false })
  isAvailability!: boolean;

  @Column({ name: 'reset_password', type: 'boolean', default: true })
  resetPassword!: boolean;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  specialization!: string[];

  @Column({ name: 'qualification_name', type: 'text', nullable: true })
  qualificationName!: string | null;

  @Column({ name: 'signature_file_id', type: 'text', nullable: true })
  signatureFileId!: string | null;

  @Column({ name: 'logo_file_id', type: 'text', nullable: true })
  logoFileId!: string | null;
}

/** auth.user_centres: the centres a centre-level user works at. */
@Entity({ name: 'user_centres' })
export class UserCentreEntity {
  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @PrimaryColumn({ name: 'centre_id', type: 'uuid' })
  centreId!: string;
}
