import { Column } from 'typeorm';
import { TenantRecord } from '@rayworks/nest-kit';

/** The columns groups and centres share: name, code, fusion flag and contact (each table adds its own). */
export abstract class OrgUnitRecord extends TenantRecord {
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  code!: string;

  @Column({ name: 'is_fusion', type: 'boolean', default: false })
  isFusion!: boolean;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: string | null;

  @Column({ type: 'text', nullable: true })
  city!: string | null;

  @Column({ type: 'text', nullable: true })
  state!: string | null;
}
