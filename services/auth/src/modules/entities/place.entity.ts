import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Entity as PlaceCode } from '@rayworks/contracts';

/** auth.entities: place codes with their city and state (spec §3 calls them entities), shared by the tenant. */
@Entity({ name: 'entities' })
export class PlaceEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'text' })
  city!: string;

  @Column({ type: 'text' })
  state!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** The contract's view of this row. */
  toEntity(): PlaceCode {
    return { _id: this.id, code: this.code, city: this.city, state: this.state };
  }
}
