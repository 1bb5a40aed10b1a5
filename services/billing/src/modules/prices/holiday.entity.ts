import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Holiday } from '@rayworks/contracts';

/** billing.holidays: a whole local date of a centre billed at the holiday price (docs/decisions/0240, 0250). */
@Entity({ name: 'holidays' })
export class HolidayEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  /** 'YYYY-MM-DD' (a date column read as text: no time zone moves it). */
  @Column({ name: 'local_date', type: 'date' })
  date!: string;

  @Column({ type: 'text' })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  toHoliday(): Holiday {
    return {
      _id: this.id,
      centreId: this.centreId,
      date: this.date,
      name: this.name,
      createdAt: this.createdAt.toISOString(),
    };
  }
}
