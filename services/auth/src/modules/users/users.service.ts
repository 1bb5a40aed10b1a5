import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { z } from 'zod';
import type { Page, User, userInputSchema, userUpdateSchema } from '@rayworks/contracts';
import { companyOf, forbidden, SessionStore, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import type { ClientInfo } from '../access/client-info.js';
import { renewPrincipalsAfterCommit } from '../access/principals-change.js';
import { wholeReach } from '../access/owner-scope.js';
import { canAssignRole, roleLevel } from '../access/role-rules.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { CredentialsRepository } from '../credentials/credentials.repository.js';
import { LoginRateLimiter } from '../credentials/login-rate-limiter.js';
import { CentresRepository } from '../org/centres.repository.js';
import { GroupsRepository } from '../org/groups.repository.js';
import { RolesRepository } from '../roles/roles.repository.js';
import { USER_MESSAGES } from './users.errors.js';
import { UsersPublisher } from './users.publisher.js';
import { UsersRepository, type UserFields, type UserListQuery } from './users.repository.js';
import { asUser, roleGrantsOf, type UserView } from './user.view.js';

type UserInput = z.output<typeof userInputSchema>;
type UserUpdate = z.output<typeof userUpdateSchema>;

/**
 * Users. An administrator reaches the users of its tenant, group or centres; it may give a user only a role it
 * may assign (no wider reach, no administrative privilege it lacks) and only centres and groups it reaches.
 * A created user gets resetPassword and a temporary password by e-mail (the authMail job, started in the same transaction).
 */
@Injectable()
export class UsersService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RolesRepository) private readonly roles: RolesRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(GroupsRepository) private readonly groups: GroupsRepository,
    @Inject(CredentialsRepository) private readonly credentials: CredentialsRepository,
    @Inject(UsersPublisher) private readonly publisher: UsersPublisher,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
  ) {}

  async list(access: RequestAccess, q: UserListQuery): Promise<Page<User>> {
    const page = await this.uow.read(access, async (tx) => {
      const { items, total } = await this.users.list(tx, access, q);
      return { items: items.map(asUser), total, page: q.page, pageSize: q.pageSize };
    });
    return { ...page, items: await this.withBlocked(page.items) };
  }

  async get(access: RequestAccess, id: string): Promise<User> {
    const user = await this.uow.read(access, async (tx) => asUser(await this.visible(tx, access, id)));
    const [withBlocked] = await this.withBlocked([user]);
    return withBlocked!;
  }

  create(access: RequestAccess, input: UserInput, client: ClientInfo): Promise<User> {
    const { principal } = access;
    return this.uow.change(access, async (tx) => {
      const fields = await this.fields(tx, access, input);
      if (await this.credentials.isTaken(tx, input.loginName))
        throw new BadRequestException(USER_MESSAGES.loginNameTaken);
      const id = await this.users.insert(tx, companyOf(principal), input.loginName, fields);
      await this.credentials.insert(tx, {
        loginName: input.loginName,
        userId: id,
        tenantId: companyOf(principal),
        passwordHash: null,
      });
      const created = (await this.users.view(tx, id))!;
      await this.publisher.publish(tx, created, true);
      await tx.audit({
        action: AUDIT_ACTIONS.userCreate,
        target: { type: 'user', id },
        client,
        details: { roleCode: created.roleCode },
      });
      // the welcome e-mail exists if and only if the user does: recorded in this transaction (job outbox)
      await tx.enqueue('authMail', { kind: 'welcome', userId: id });
      return asUser(created);
    });
  }

  update(access: RequestAccess, input: UserUpdate, client: ClientInfo): Promise<User> {
    return this.uow.change(access, async (tx) => {
      const before = await this.manageable(tx, access, input.id);
      const fields = await this.fields(tx, access, input);
      await this.users.update(tx, companyOf(access.principal), input.id, fields);
      // the previous address is told (an account taken over through its e-mail address shows there)
      if (before.email.toLowerCase() !== fields.email.toLowerCase())
        await tx.enqueue('authMail', { kind: 'email-changed', userId: input.id, previousEmail: before.email });
      renewPrincipalsAfterCommit(tx, this.sessions, [input.id]);
      const updated = (await this.users.view(tx, input.id))!;
      await this.publisher.publish(tx, updated, false);
      await tx.audit({
        action: AUDIT_ACTIONS.userUpdate,
        target: { type: 'user', id: input.id },
        client,
        details: { roleCode: updated.roleCode, centreIds: updated.centreIds },
      });
      return asUser(updated);
    });
  }

  async setStatus(access: RequestAccess, id: string, isActive: boolean, client: ClientInfo): Promise<User> {
    if (id === access.principal.userId) throw new BadRequestException(USER_MESSAGES.notYourself);
    return this.uow.change(access, async (tx) => {
      await this.manageable(tx, access, id);
      await this.users.setActive(tx, id, isActive);
      const updated = (await this.users.view(tx, id))!;
      await this.publisher.publish(tx, updated, false);
      await tx.audit({ action: AUDIT_ACTIONS.userStatus, target: { type: 'user', id }, client, details: { isActive } });
      if (!isActive) tx.afterCommit(() => this.sessions.revokeAllForUser(id));
      return asUser(updated);
    });
  }

  /**
   * Ends the login delays of a user from every address (docs/decisions/0070): for a user who shares an address
   * with an attacker. Nothing else is locked: an attack never locks the account itself.
   */
  unblock(access: RequestAccess, id: string, client: ClientInfo): Promise<User> {
    return this.uow.change(access, async (tx) => {
      const user = await this.manageable(tx, access, id);
      await tx.audit({ action: AUDIT_ACTIONS.userUnblock, target: { type: 'user', id }, client });
      tx.afterCommit(() => this.limiter.clearLoginName(user.loginName));
      return asUser(user);
    });
  }

  /** `isBlocked`: the user's logins are being delayed from at least one address. */
  private async withBlocked(users: User[]): Promise<User[]> {
    const delayed = await this.limiter.delayedLoginNames(users.map((u) => u.loginName));
    return users.map((u) => ({ ...u, isBlocked: delayed.has(u.loginName) }));
  }

  private async visible(tx: ReadTx, access: RequestAccess, id: string): Promise<UserView> {
    const user = await this.users.findVisible(tx, access, id);
    if (!user) throw new NotFoundException(USER_MESSAGES.notFound);
    return user;
  }

  /** A user the caller reaches with all its centres, and whose current role the caller could have assigned. */
  private async manageable(tx: ReadTx, access: RequestAccess, id: string): Promise<UserView> {
    const user = await this.visible(tx, access, id);
    if (!(await this.users.isWritable(tx, access, id))) throw forbidden();
    if (!canAssignRole(access.principal, { roleCode: user.roleCode, privileges: roleGrantsOf(user) }))
      throw forbidden();
    return user;
  }

  /**
   * The role and placement of a user as the caller asks for them, checked: the role exists in the caller's reach,
   * is active and assignable; a platform role has no group or centre, a group role a group the caller reaches,
   * any other role centres the caller reaches (all of the given group, when one is given) — at least one, unless
   * the caller is tenant-level.
   */
  private async fields(tx: ReadTx, access: RequestAccess, input: UserInput | UserUpdate): Promise<UserFields> {
    const role = await this.roles.findReadable(tx, access, input.roleID);
    if (!role) throw new NotFoundException(USER_MESSAGES.roleNotFound);
    if (!role.isActive) throw new BadRequestException(USER_MESSAGES.roleInactive);
    if (!canAssignRole(access.principal, { roleCode: role.roleCode, privileges: role.grants })) throw forbidden();
    const centreIds = [...new Set(input.centerID)];
    const base = {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phoneNumber: input.phoneNumber ?? null,
      roleId: role.id,
    };
    const reach = wholeReach(access);
    switch (roleLevel(role.roleCode)) {
      case 'tenant':
        if (input.groupID !== null || centreIds.length > 0)
          throw new BadRequestException(USER_MESSAGES.platformRolePlacement);
        return { ...base, groupId: null, centreIds: [] };
      case 'group': {
        if (input.groupID === null) throw new BadRequestException(USER_MESSAGES.groupRoleNeedsGroup);
        if (centreIds.length > 0) throw new BadRequestException(USER_MESSAGES.groupRoleNoCentres);
        if (!(await this.groups.findVisible(tx, { ...reach, centreFilter: null }, input.groupID)))
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
        const found = await this.centres.findManyVisible(tx, access, centreIds);
        if (found.length !== centreIds.length) throw new NotFoundException(USER_MESSAGES.centreNotFound);
        if (input.groupID !== null && found.some((c) => c.groupId !== input.groupID))
          throw new BadRequestException(USER_MESSAGES.centresOutsideGroup);
        return { ...base, groupId: null, centreIds };
      }
    }
  }
}
