import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { LabOrderStatus } from '@rayworks/contracts';

/**
 * lims.lab_orders: one LAB item of a registration (registration_item_id unique: delivered twice, ordered once), on
 * the sample it is collected in (docs/decisions/0297). `testCode` is billing's catalogue code, upper case — the key
 * of the lab's test definition (lims.lab_tests).
 */
@Entity({ name: 'lab_orders' })
export class LabOrderEntity extends TenantRow {
  @Column({ name: 'sample_id', type: 'uuid' })
  sampleId!: string;

  @Column({ name: 'registration_id', type: 'uuid' })
  registrationId!: string;

  @Column({ name: 'registration_item_id', type: 'uuid' })
  registrationItemId!: string;

  @Column({ name: 'test_code', type: 'text' })
  testCode!: string;

  @Column({ name: 'test_name', type: 'text' })
  testName!: string;

  @Column({ name: 'package_code', type: 'text', nullable: true })
  packageCode!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: LabOrderStatus;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;
}
