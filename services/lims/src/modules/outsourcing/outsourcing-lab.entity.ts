import { Column, Entity } from 'typeorm';
import { TenantRecord } from '@rayworks/nest-kit';

/** lims.outsourcing_labs: a reference laboratory the company sends samples to (docs/decisions/0312). */
@Entity({ name: 'outsourcing_labs' })
export class OutsourcingLabEntity extends TenantRecord {
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  code!: string;

  @Column({ name: 'contact_person', type: 'text', nullable: true })
  contactPerson!: string | null;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ type: 'text', nullable: true })
  address!: string | null;

  @Column({ name: 'analyzer_id', type: 'uuid', nullable: true })
  analyzerId!: string | null;
}
