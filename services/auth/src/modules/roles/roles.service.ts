import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
import { forbidden, runInTenant, SessionStore, type RequestAccess } from '@rayworks/nest-kit';
import { isUniqueViolation } from '../../database/sql.js';
import type { ClientInfo } from '../access/client-info.js';
import { changingPrincipals, usersWithRole } from '../access/principals-change.js';
import { ownerFor, wholeReach } from '../access/owner-scope.js';
import { canDefineRole } from '../access/role-rules.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { ROLE_MESSAGES } from './roles.errors.js';
import { toRole } from './roles.mappers.js';
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
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RolesRepository) private readonly roles: RolesRepository,
    @Inject(AuditRepository) private readonly audit: AuditRepository,
    @Inject(SessionStore) private readonly sessions: SessionStore,
  ) {}

  list(access: RequestAccess, q: ListQuery): Promise<Page<Role>> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const { items, total } = await this.roles.list(m, access, q);
      return { items: items.map(toRole), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<Role> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const row = await this.roles.findReadable(m, access, id);
      if (!row) throw new NotFoundException(ROLE_MESSAGES.notFound);
      return toRole(row);
    });
  }

  /** What the caller may put into a role: its own privileges, as a configuration (the matrix editor's columns). */
  grantable(access: RequestAccess): PermissionConfig {
    return toPermissionConfig(access.principal.grants);
  }

  async create(access: RequestAccess, input: RoleInput, client: ClientInfo): Promise<Role> {
    const { principal } = access;
    const fields = this.fields(access, input);
    const owner = ownerFor(access);
    return this.uniqueName(() =>
      runInTenant(this.dataSource, principal.tenantId, async (m) => {
        const id = await this.roles.insert(m, principal.tenantId, fields, owner);
        await this.audit.append(m, {
          tenantId: principal.tenantId,
          actor: principal,
          action: AUDIT_ACTIONS.roleCreate,
          target: { type: 'role', id },
          client,
          details: { roleCode: fields.roleCode },
        });
        return toRole((await this.roles.findReadable(m, wholeReach(access), id))!);
      }),
    );
  }

  async update(access: RequestAccess, input: RoleInput & { id: string }, client: ClientInfo): Promise<Role> {
    const { principal } = access;
    const fields = this.fields(access, input);
    return changingPrincipals(this.sessions, (affect) =>
      this.uniqueName(() =>
        runInTenant(this.dataSource, principal.tenantId, async (m) => {
          const current = await this.roles.findReadable(m, access, input.id);
          if (!current) throw new NotFoundException(ROLE_MESSAGES.notFound);
          if (!(await this.roles.isWritable(m, access, input.id))) throw forbidden();
          if (current.is_system && current.role_code !== fields.roleCode)
            throw new BadRequestException(ROLE_MESSAGES.systemRoleCode);
          await this.roles.update(m, input.id, fields);
          affect(await usersWithRole(m, input.id));
          await this.audit.append(m, {
            tenantId: principal.tenantId,
            actor: principal,
            action: AUDIT_ACTIONS.roleUpdate,
            target: { type: 'role', id: input.id },
            client,
            details: { privileges: fields.privileges },
          });
          return toRole((await this.roles.findReadable(m, wholeReach(access), input.id))!);
        }),
      ),
    );
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean, client: ClientInfo): Promise<Role> {
    const { principal } = access;
    return changingPrincipals(this.sessions, (affect) =>
      runInTenant(this.dataSource, principal.tenantId, async (m) => {
        if (!(await this.roles.findReadable(m, access, id))) throw new NotFoundException(ROLE_MESSAGES.notFound);
        if (!(await this.roles.isWritable(m, access, id))) throw forbidden();
        await this.roles.setActive(m, id, isActive);
        affect(await usersWithRole(m, id));
        await this.audit.append(m, {
          tenantId: principal.tenantId,
          actor: principal,
          action: AUDIT_ACTIONS.roleStatus,
          target: { type: 'role', id },
          client,
          details: { isActive },
        });
        return toRole((await this.roles.findReadable(m, wholeReach(access), id))!);
      }),
    );
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
