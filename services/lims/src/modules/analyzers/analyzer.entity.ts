import { Column, Entity } from 'typeorm';
import { TenantRecord } from '@rayworks/nest-kit';
import type { Analyzer, AnalyzerProtocol } from '@rayworks/contracts';

/** lims.analyzers: a company's instrument and the identity it sends (docs/decisions/0301). */
@Entity({ name: 'analyzers' })
export class AnalyzerEntity extends TenantRecord {
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'varchar', length: 8 })
  protocol!: AnalyzerProtocol;

  @Column({ name: 'sending_application', type: 'text' })
  sendingApplication!: string;

  @Column({ name: 'sending_facility', type: 'text', default: '' })
  sendingFacility!: string;

  /** The centre whose laboratory runs it, and its group (docs/decisions/0373). */
  @Column({ name: 'centre_id', type: 'uuid', nullable: true })
  centreId!: string | null;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  toAnalyzer(centreName: string | null): Analyzer {
    return {
      _id: this.id,
      name: this.name,
      protocol: this.protocol,
      sendingApplication: this.sendingApplication,
      sendingFacility: this.sendingFacility,
      centreId: this.centreId,
      centreName,
      isActive: this.isActive,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
