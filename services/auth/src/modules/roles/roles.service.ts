import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { z } from 'zod';
import {
  normalizeRoleCode,
  sanitizeGrants,
  toPermissionConfig,
  type ListQuery,
  type Page,
  type PermissionConfig,
  type Role,
  type roleInputSchema,
} from '@rayworks/contracts';
import {
  companyOf,
  forbidden,
  isUniqueViolation,
  SessionStore,
  UnitOfWork,
  type RequestAccess,
} from '@rayworks/nest-kit';
import type { ClientInfo } from '../access/client-info.js';
import { renewPrincipalsAfterCommit } from '../access/principals-change.js';
import { usersOfRole } from '../access/principals.repository.js';
import { ownerFor, wholeReach } from '../access/owner-scope.js';
import { canDefineRole } from '../access/role-rules.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { ROLE_MESSAGES } from './roles.errors.js';
import { RolesRepository, type RoleFields } from './roles.repository.js';

type RoleInput = z.output<typeof roleInputSchema>;

/**
 * Roles. System roles (one per role code, from the default matrix) belong to the tenant and only tenant-level
 * users change them; a group or centre admin's own roles belong to its group or centre. Nobody defines a role
 * with a privilege it does not hold, or with a role code wider than its own reach.
 */
@Injectable()
export class RolesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(RolesRepository) private readonly roles: RolesRepository,
    @Inject(SessionStore) private readonly sessions: SessionStore,
  ) {}

  list(access: RequestAccess, q: ListQuery): Promise<Page<Role>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.roles.list(tx, access, q);
      return { items: items.map((r) => r.toRole()), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<Role> {
    return this.uow.read(access, async (tx) => {
      const role = await this.roles.findReadable(tx, access, id);
      if (!role) throw new NotFoundException(ROLE_MESSAGES.notFound);
      return role.toRole();
    });
  }

  /** What the caller may put into a role: its own privileges, as a configuration (the matrix editor's columns). */
  grantable(access: RequestAccess): PermissionConfig {
    return toPermissionConfig(access.principal.grants);
  }

  async create(access: RequestAccess, input: RoleInput, client: ClientInfo): Promise<Role> {
    const fields = this.fields(access, input);
    const owner = ownerFor(access);
    return this.uniqueName(() =>
      this.uow.change(access, async (tx) => {
        const id = await this.roles.insert(tx, companyOf(access.principal), fields, owner);
        await tx.audit({
          action: AUDIT_ACTIONS.roleCreate,
          target: { type: 'role', id },
          client,
          details: { roleCode: fields.roleCode },
        });
        return (await this.roles.findReadable(tx, wholeReach(access), id))!.toRole();
      }),
    );
  }

  async update(access: RequestAccess, input: RoleInput & { id: string }, client: ClientInfo): Promise<Role> {
    const fields = this.fields(access, input);
    return this.uniqueName(() =>
      this.uow.change(access, async (tx) => {
        const current = await this.roles.findReadable(tx, access, input.id);
        if (!current) throw new NotFoundException(ROLE_MESSAGES.notFound);
        if (!(await this.roles.isWritable(tx, access, input.id))) throw forbidden();
        if (current.isSystem && current.roleCode !== fields.roleCode)
          throw new BadRequestException(ROLE_MESSAGES.systemRoleCode);
        await this.roles.update(tx, input.id, fields);
        renewPrincipalsAfterCommit(tx, this.sessions, await usersOfRole(tx, input.id));
        await tx.audit({
          action: AUDIT_ACTIONS.roleUpdate,
          target: { type: 'role', id: input.id },
          client,
          details: { privileges: fields.privileges },
        });
        return (await this.roles.findReadable(tx, wholeReach(access), input.id))!.toRole();
      }),
    );
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean, client: ClientInfo): Promise<Role> {
    return this.uow.change(access, async (tx) => {
      if (!(await this.roles.findReadable(tx, access, id))) throw new NotFoundException(ROLE_MESSAGES.notFound);
      if (!(await this.roles.isWritable(tx, access, id))) throw forbidden();
      await this.roles.setActive(tx, id, isActive);
      renewPrincipalsAfterCommit(tx, this.sessions, await usersOfRole(tx, id));
      await tx.audit({ action: AUDIT_ACTIONS.roleStatus, target: { type: 'role', id }, client, details: { isActive } });
      return (await this.roles.findReadable(tx, wholeReach(access), id))!.toRole();
    });
  }

  /** Normalises and checks what a caller asks a role to be. */
  private fields(access: RequestAccess, input: RoleInput): RoleFields {
    const roleCode = normalizeRoleCode(input.roleCode);
    if (!roleCode) throw new BadRequestException(ROLE_MESSAGES.unknownRoleCode);
    const privileges = sanitizeGrants(input.privileges);
    if (!canDefineRole(access.principal, { roleCode, privileges })) throw forbidden(ROLE_MESSAGES.privilegesNotHeld);
    return { name: input.name, roleCode, description: input.description ?? null, privileges };
  }

  private async uniqueName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new BadRequestException(ROLE_MESSAGES.nameTaken);
      throw error;
    }
  }
}
