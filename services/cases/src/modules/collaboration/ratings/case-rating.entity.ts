import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';

/** One user's rating and feedback of a case (cases.case_ratings; one per user and case). */
@Entity({ name: 'case_ratings' })
export class CaseRatingEntity extends TenantRow {
  @Column({ name: 'case_id', type: 'uuid' })
  caseId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'smallint' })
  stars!: number;

  @Column({ type: 'text', nullable: true })
  feedback!: string | null;
}
