import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ActivatableRecord } from '@rayworks/nest-kit';

/** auth.companies: the register of tenants (a platform table, not under row-level security). */
@Entity({ name: 'companies' })
export class CompanyEntity extends ActivatableRecord {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  code!: string;
}
