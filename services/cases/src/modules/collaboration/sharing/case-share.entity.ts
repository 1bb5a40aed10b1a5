import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';

/** A shareable read-only link of a case (cases.case_shares): only the SHA-256 of its token is kept. */
@Entity({ name: 'case_shares' })
export class CaseShareEntity extends TenantRow {
  @Column({ name: 'case_id', type: 'uuid' })
  caseId!: string;

  @Column({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;
}
