import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';

/** One message of a case's chat (cases.case_comments). */
@Entity({ name: 'case_comments' })
export class CaseCommentEntity extends TenantRow {
  @Column({ name: 'case_id', type: 'uuid' })
  caseId!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ name: 'author_id', type: 'uuid', nullable: true })
  authorId!: string | null;
}
