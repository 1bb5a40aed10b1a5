import { Injectable } from '@nestjs/common';
import type { ListQuery, PrivilegeGrants } from '@rayworks/contracts';
import { containsPattern, orderAndPage, QueryParams, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { ScopeSql } from '../access/scope-sql.js';
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
export class RolesRepository {
  private query(tx: ReadTx, access: RequestAccess, which: 'ownedReadable' | 'ownedWritable') {
    const p = new QueryParams();
    const qb = tx.repo(RoleEntity).createQueryBuilder('r').where(new ScopeSql(access, p)[which]('r'));
    return { qb, p };
  }

  async list(tx: ReadTx, access: RequestAccess, q: ListQuery): Promise<{ items: RoleEntity[]; total: number }> {
    const { qb, p } = this.query(tx, access, 'ownedReadable');
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      qb.andWhere(`(r.name ILIKE ${s} OR r.role_code ILIKE ${s})`);
    }
    if (q.isActive !== undefined) qb.andWhere(`r.is_active = ${p.add(q.isActive)}`);
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, ROLE_SORT, 'name', 'r.id').getManyAndCount();
    return { items, total };
  }

  async findReadable(tx: ReadTx, access: RequestAccess, id: string): Promise<RoleEntity | null> {
    const { qb, p } = this.query(tx, access, 'ownedReadable');
    return qb
      .andWhere(`r.id = ${p.add(id)}`)
      .setParameters(p.values)
      .getOne();
  }

  async isWritable(tx: ReadTx, access: RequestAccess, id: string): Promise<boolean> {
    const { qb, p } = this.query(tx, access, 'ownedWritable');
    return (
      (await qb
        .andWhere(`r.id = ${p.add(id)}`)
        .setParameters(p.values)
        .getCount()) > 0
    );
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

  async setActive(tx: ReadTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(RoleEntity).update({ id }, { isActive });
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
