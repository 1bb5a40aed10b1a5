import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * auth.credentials: login names and password hashes. A platform table, not under row-level security, because
 * login and the forgot-password flow must find a user before its tenant is known. Nothing else reads it.
 */
@Entity({ name: 'credentials' })
export class CredentialEntity {
  @PrimaryColumn({ name: 'login_name', type: 'text' })
  loginName!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** null for a platform operator (docs/decisions/0085). */
  @Column({ name: 'tenant_id', type: 'uuid', nullable: true })
  tenantId!: string | null;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'password_changed_at', type: 'timestamptz', nullable: true })
  passwordChangedAt!: Date | null;

  /** Set with a temporary password (welcome e-mail); past it, login refuses that password (docs/decisions/0071). */
  @Column({ name: 'temporary_password_expires_at', type: 'timestamptz', nullable: true })
  temporaryPasswordExpiresAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
