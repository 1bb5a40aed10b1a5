import { Column, Entity } from 'typeorm';
import { OwnerScopedRecord } from '@rayworks/nest-kit';
import { sanitizeGrants, type PrivilegeGrants, type Role } from '@rayworks/contracts';

/** auth.roles: a named set of privileges, owned by the tenant (system roles), a group or a centre. */
@Entity({ name: 'roles' })
export class RoleEntity extends OwnerScopedRecord {
  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'role_code', type: 'text' })
  roleCode!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** As stored; read it through `grants` (sanitised against the privilege catalogue). */
  @Column({ type: 'jsonb', default: {} })
  privileges!: PrivilegeGrants;

  @Column({ name: 'is_system', type: 'boolean', default: false })
  isSystem!: boolean;

  /** The privileges the role grants: only those of the catalogue. */
  get grants(): PrivilegeGrants {
    return sanitizeGrants((this.privileges ?? {}) as Record<string, string[]>);
  }

  /** The contract's view of this row. */
  toRole(): Role {
    return {
      _id: this.id,
      name: this.name,
      roleCode: this.roleCode,
      description: this.description,
      privileges: this.grants as Record<string, string[]>,
      isSystem: this.isSystem,
      isActive: this.isActive,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
