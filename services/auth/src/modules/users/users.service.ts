import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { ListQuery, Page, User, userInputSchema, userUpdateSchema } from '@rayworks/contracts';
import { forbidden, runInTenant, SessionStore, type RequestAccess } from '@rayworks/nest-kit';
import { type Row } from '../../database/sql.js';
import { actorOf } from '../access/actor.js';
import type { ClientInfo } from '../access/client-info.js';
import { changingPrincipals } from '../access/principals-change.js';
import { wholeReach } from '../access/owner-scope.js';
import { canAssignRole, roleLevel } from '../access/role-rules.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { CredentialsRepository } from '../credentials/credentials.repository.js';
import { LoginRateLimiter } from '../credentials/login-rate-limiter.js';
import { MailQueue } from '../mail/mail.queue.js';
import { CentresRepository } from '../org/centres.repository.js';
import { GroupsRepository } from '../org/groups.repository.js';
import { grantsOf } from '../roles/roles.mappers.js';
import { RolesRepository } from '../roles/roles.repository.js';
import { USER_MESSAGES } from './users.errors.js';
import { toUser } from './users.mappers.js';
import { UsersPublisher } from './users.publisher.js';
import { UsersRepository, type UserFields, type UserListQuery } from './users.repository.js';

type UserInput = z.output<typeof userInputSchema>;
type UserUpdate = z.output<typeof userUpdateSchema>;

/**
 * Users. An administrator reaches the users of its tenant, group or centres; it may give a user only a role it
 * may assign (no wider reach, no administrative privilege it lacks) and only centres and groups it reaches.
 * A created user gets resetPassword and a temporary password by e-mail (the auth.mail queue).
 */
@Injectable()
export class UsersService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RolesRepository) private readonly roles: RolesRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(CredentialsRepository) private readonly credentials: CredentialsRepository,
    @Inject(UsersPublisher) private readonly publisher: UsersPublisher,
    @Inject(AuditRepository) private readonly audit: AuditRepository,
    @Inject(MailQueue) private readonly mail: MailQueue,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
  ) {}

  list(access: RequestAccess, q: UserListQuery): Promise<Page<User>> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const { items, total } = await this.users.list(m, access, q as ListQuery & UserListQuery);
      return { items: items.map(toUser), total, page: q.page, pageSize: q.pageSize };
    });
  }

  get(access: RequestAccess, id: string): Promise<User> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) =>
      toUser(await this.visible(m, access, id)),
    );
  }

  async create(access: RequestAccess, input: UserInput, client: ClientInfo): Promise<User> {
    const { principal } = access;
    const user = await runInTenant(this.dataSource, principal.tenantId, async (m) => {
      const fields = await this.fields(m, access, input);
      if (await this.credentials.isTaken(m, input.loginName))
        throw new BadRequestException(USER_MESSAGES.loginNameTaken);
      const id = await this.users.insert(m, principal.tenantId, input.loginName, fields);
      await this.credentials.insert(m, {
        loginName: input.loginName,
        userId: id,
        tenantId: principal.tenantId,
        passwordHash: null,
      });
      const created = toUser((await this.users.findById(m, id))!);
      await this.publisher.publish(m, principal.tenantId, actorOf(principal), created, true);
      await this.audit.append(m, {
        tenantId: principal.tenantId,
        actor: principal,
        action: AUDIT_ACTIONS.userCreate,
        target: { type: 'user', id },
        client,
        details: { roleCode: created.roleCodes[0] },
      });
      return created;
    });
    await this.mail.enqueue(principal.tenantId, { kind: 'welcome', userId: user._id });
    return user;
  }

  update(access: RequestAccess, input: UserUpdate, client: ClientInfo): Promise<User> {
    const { principal } = access;
    return changingPrincipals(this.sessions, (affect) =>
      runInTenant(this.dataSource, principal.tenantId, async (m) => {
        await this.manageable(m, access, input.id);
        const fields = await this.fields(m, access, input);
        await this.users.update(m, principal.tenantId, input.id, fields);
        affect([input.id]);
        const updated = toUser((await this.users.findById(m, input.id))!);
        await this.publisher.publish(m, principal.tenantId, actorOf(principal), updated, false);
        await this.audit.append(m, {
          tenantId: principal.tenantId,
          actor: principal,
          action: AUDIT_ACTIONS.userUpdate,
          target: { type: 'user', id: input.id },
          client,
          details: { roleCode: updated.roleCodes[0], centreIds: updated.centerID },
        });
        return updated;
      }),
    );
  }

  async setStatus(access: RequestAccess, id: string, isActive: boolean, client: ClientInfo): Promise<User> {
    const { principal } = access;
    if (id === principal.userId) throw new BadRequestException(USER_MESSAGES.notYourself);
    const user = await runInTenant(this.dataSource, principal.tenantId, async (m) => {
      await this.manageable(m, access, id);
      await this.users.setActive(m, id, isActive);
      const updated = toUser((await this.users.findById(m, id))!);
      await this.publisher.publish(m, principal.tenantId, actorOf(principal), updated, false);
      await this.audit.append(m, {
        tenantId: principal.tenantId,
        actor: principal,
        action: AUDIT_ACTIONS.userStatus,
        target: { type: 'user', id },
        client,
        details: { isActive },
      });
      return updated;
    });
    if (!isActive) await this.sessions.revokeAllForUser(id);
    return user;
  }

  async unblock(access: RequestAccess, id: string, client: ClientInfo): Promise<User> {
    const { principal } = access;
    return runInTenant(this.dataSource, principal.tenantId, async (m) => {
      await this.manageable(m, access, id);
      const loginName = await this.credentials.unblock(m, id);
      if (loginName) await this.limiter.clearLoginName(loginName);
      await this.audit.append(m, {
        tenantId: principal.tenantId,
        actor: principal,
        action: AUDIT_ACTIONS.userUnblock,
        target: { type: 'user', id },
        client,
      });
      return toUser((await this.users.findById(m, id))!);
    });
  }

  private async visible(m: EntityManager, access: RequestAccess, id: string): Promise<Row> {
    const row = await this.users.findVisible(m, access, id);
    if (!row) throw new NotFoundException(USER_MESSAGES.notFound);
    return row;
  }

  /** A user the caller reaches with all its centres, and whose current role the caller could have assigned. */
  private async manageable(m: EntityManager, access: RequestAccess, id: string): Promise<Row> {
    const row = await this.visible(m, access, id);
    if (!(await this.users.isWritable(m, access, id))) throw forbidden();
    if (
      !canAssignRole(access.principal, {
        roleCode: String(row.role_code),
        privileges: grantsOf({ privileges: row.role_privileges }),
      })
    )
      throw forbidden();
    return row;
  }

  /**
   * The role and placement of a user as the caller asks for them, checked: the role exists in the caller's reach,
   * is active and assignable; a platform role has no group or centre, a group role a group the caller reaches,
   * any other role centres the caller reaches (all of the given group, when one is given) — at least one, unless
   * the caller is tenant-level.
   */
  private async fields(m: EntityManager, access: RequestAccess, input: UserInput | UserUpdate): Promise<UserFields> {
    const role = await this.roles.findReadable(m, access, input.roleID);
    if (!role) throw new NotFoundException(USER_MESSAGES.roleNotFound);
    if (!role.is_active) throw new BadRequestException(USER_MESSAGES.roleInactive);
    if (!canAssignRole(access.principal, { roleCode: String(role.role_code), privileges: grantsOf(role) }))
      throw forbidden();
    const centreIds = [...new Set(input.centerID)];
    const base = {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phoneNumber: input.phoneNumber ?? null,
      roleId: String(role.id),
    };
    const reach = wholeReach(access);
    switch (roleLevel(String(role.role_code))) {
      case 'tenant':
        if (input.groupID !== null || centreIds.length > 0)
          throw new BadRequestException(USER_MESSAGES.platformRolePlacement);
        return { ...base, groupId: null, centreIds: [] };
      case 'group': {
        if (input.groupID === null) throw new BadRequestException(USER_MESSAGES.groupRoleNeedsGroup);
        if (centreIds.length > 0) throw new BadRequestException(USER_MESSAGES.groupRoleNoCentres);
        if (!(await this.groups.findVisible(m, { ...reach, centreFilter: null }, input.groupID)))
          throw new NotFoundException(USER_MESSAGES.groupNotFound);
        return { ...base, groupId: input.groupID, centreIds: [] };
      }
      case 'centre': {
        // A user must stay within its creator's reach: only a tenant-level caller may leave a centre user without
        // centres for now (such a user reaches nothing until given one).
        if (centreIds.length === 0) {
          if (access.principal.level !== 'tenant') throw new BadRequestException(USER_MESSAGES.centreRoleNeedsCentre);
          return { ...base, groupId: null, centreIds: [] };
        }
        const found = await this.centres.findManyVisible(m, access, centreIds);
        if (found.length !== centreIds.length) throw new NotFoundException(USER_MESSAGES.centreNotFound);
        if (input.groupID !== null && found.some((c) => c.group_id !== input.groupID))
          throw new BadRequestException(USER_MESSAGES.centresOutsideGroup);
        return { ...base, groupId: null, centreIds };
      }
    }
  }
}
