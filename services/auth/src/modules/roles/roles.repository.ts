import { Injectable } from '@nestjs/common';
import type { PrivilegeGrants } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import { OwnedRecordsRepository } from '../access/owned-records.repository.js';
import type { OwnerScope } from '../access/owner-scope.js';
import { RoleEntity } from './role.entity.js';

export interface RoleFields {
  name: string;
  roleCode: string;
  description: string | null;
  privileges: PrivilegeGrants;
}

/** Sortable list fields (contract names) → columns. */
export const ROLE_SORT = { name: 'r.name', roleCode: 'r.roleCode', createdAt: 'r.createdAt' } as const;

/** Roles: named sets of privileges per tenant, owned by the tenant (system roles), a group or a centre. */
@Injectable()
export class RolesRepository extends OwnedRecordsRepository<RoleEntity> {
  constructor() {
    super(RoleEntity, 'r', {
      search: (s) => `(r.name ILIKE ${s} OR r.role_code ILIKE ${s})`,
      sort: ROLE_SORT,
      defaultSort: 'name',
    });
  }

  /** A role by id within the tenant, whatever the caller's reach (building a principal at login). */
  findById(tx: ReadTx, id: string): Promise<RoleEntity | null> {
    return tx.repo(RoleEntity).findOneBy({ id });
  }

  async insert(tx: ReadTx, tenantId: string, fields: RoleFields, owner: OwnerScope, isSystem = false): Promise<string> {
    const result = await tx.repo(RoleEntity).insert({ tenantId, ...fields, ...owner, isSystem });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ReadTx, id: string, fields: RoleFields): Promise<void> {
    await tx.repo(RoleEntity).update({ id }, fields);
  }

  /** The company's system role of a role code, or null (onboarding makes those missing). */
  systemRole(tx: ReadTx, roleCode: string): Promise<RoleEntity | null> {
    return tx.repo(RoleEntity).findOneBy({ isSystem: true, roleCode });
  }

  /** Whether a company-wide role (no owning group or centre) already has this name, in any case. */
  companyNameTaken(tx: ReadTx, name: string): Promise<boolean> {
    return tx
      .repo(RoleEntity)
      .createQueryBuilder('r')
      .where('lower(r.name) = lower(:label) AND r.owner_group_id IS NULL AND r.owner_centre_id IS NULL', {
        label: name,
      })
      .getExists();
  }

  /** The company's custom (not system) role of this name, in any case, or null. */
  customByName(tx: ReadTx, name: string): Promise<RoleEntity | null> {
    return tx
      .repo(RoleEntity)
      .createQueryBuilder('r')
      .where('NOT r.is_system AND lower(r.name) = lower(:name)', { name })
      .getOne();
  }
}
