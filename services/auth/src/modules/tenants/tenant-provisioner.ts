import type { DataSource } from 'typeorm';
import {
  ROLE_CODES,
  normalizeRoleCode,
  sanitizeGrants,
  type EventActor,
  type ProvisionedTenant,
  type TenantSpec,
} from '@rayworks/contracts';
import { AuditLog, JobOutbox, OutboxPublisher, UnitOfWork, type ChangeTx } from '@rayworks/nest-kit';
import { roleLevel } from '../access/role-rules.js';
import { CredentialsRepository } from '../credentials/credentials.repository.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { CentresRepository } from '../org/centres.repository.js';
import { GroupsRepository } from '../org/groups.repository.js';
import { OrgPublisher } from '../org/org.publisher.js';
import { RolesRepository } from '../roles/roles.repository.js';
import { UsersPublisher } from '../users/users.publisher.js';
import { UsersRepository } from '../users/users.repository.js';
import { CompaniesPublisher } from './companies.publisher.js';
import { CompaniesRepository } from './companies.repository.js';
import { CompanyOnboarding } from './company-onboarding.js';
import { PlatformOperatorsRepository } from './platform-operators.repository.js';

/** The spec and result types live in libs/contracts, where tests (libs/testing) and the tenant CLI share them. */
export type { ProvisionedTenant, TenantSpec } from '@rayworks/contracts';

const SYSTEM: EventActor = { type: 'system', id: 'provisioning' };

/**
 * Creates a tenant with its groups, centres, roles and users, idempotently (what exists, by code or login name,
 * is kept as it is), publishing the same OrgUnitCreated / UserCreated events as the API does. Used by the demo
 * seed, by the tenant CLI (operators, other services' tests) and by the auth service's own tests.
 * The company itself — register entry, system roles, first administrator, CompanyCreated — is made by the same
 * CompanyOnboarding as the platform operator's API (docs/decisions/0085); the first user of the spec with the
 * RAYWORKS_ADMIN role is its first administrator (with the spec's password instead of the welcome e-mail). What
 * a spec adds beyond that (groups, centres, custom roles, more users) is test and demo data.
 * Runs as the service's runtime role, under row-level security like everything else.
 */
export class TenantProvisioner {
  private readonly companies = new CompaniesRepository();
  private readonly groups = new GroupsRepository();
  private readonly centres = new CentresRepository();
  private readonly roles = new RolesRepository();
  private readonly users = new UsersRepository();
  private readonly credentials = new CredentialsRepository();
  private readonly outbox = new OutboxPublisher('auth');
  private readonly orgPublisher = new OrgPublisher();
  private readonly usersPublisher = new UsersPublisher();
  private readonly hasher = new PasswordHasher();
  private readonly hashes = new Map<string, Promise<string>>();

  private readonly uow: UnitOfWork;
  private readonly onboarding: CompanyOnboarding;

  constructor(private readonly dataSource: DataSource) {
    this.uow = new UnitOfWork(dataSource, this.outbox, new AuditLog('auth'), new JobOutbox('auth'));
    this.onboarding = new CompanyOnboarding(
      this.uow,
      this.companies,
      this.roles,
      this.users,
      this.credentials,
      this.usersPublisher,
      new CompaniesPublisher(),
    );
  }

  async provision(spec: TenantSpec): Promise<ProvisionedTenant> {
    const tenantId = await this.company(spec);
    const out: ProvisionedTenant = { tenantId, groups: {}, centres: {}, roles: {}, users: {} };
    const scope = { tenantId, actor: SYSTEM };
    await this.uow.change(scope, async (tx) => {
      for (const g of spec.groups ?? []) out.groups[g.key] = await this.group(tx, tenantId, g);
      for (const c of spec.centres ?? []) {
        const groupId = c.group ? out.groups[c.group] : null;
        if (c.group && !groupId) throw new Error(`centre ${c.key}: unknown group ${c.group}`);
        out.centres[c.key] = await this.centre(tx, tenantId, { ...c, groupId: groupId ?? null });
      }
      Object.assign(out.roles, await this.onboarding.systemRoles(tx, tenantId));
      for (const r of spec.roles ?? []) {
        out.roles[r.key] = await this.customRole(tx, tenantId, r, {
          ownerGroupId: r.ownerGroup ? out.groups[r.ownerGroup]! : null,
          ownerCentreId: r.ownerCentre ? out.centres[r.ownerCentre]! : null,
        });
      }
    });
    for (const u of spec.users ?? []) {
      const passwordHash = await this.hash(u.password);
      out.users[u.loginName.toLowerCase()] = await this.uow.change(scope, (tx) =>
        this.user(tx, tenantId, u, out, passwordHash),
      );
    }
    return out;
  }

  /**
   * A platform operator (SUPER_ADMIN of the platform, in no company: docs/decisions/0085), idempotently, in the
   * platform context; its user id. Refuses a login name a company's user holds.
   */
  async platformOperator(operator: {
    loginName: string;
    firstName: string;
    lastName: string;
    email: string;
    password: string;
  }): Promise<string> {
    const passwordHash = await this.hash(operator.password);
    const id = await this.uow.change({ tenantId: null, actor: SYSTEM }, (tx) =>
      this.platformUser(tx, new PlatformOperatorsRepository().ensure(tx, { ...operator, passwordHash })),
    );
    if (id === null) throw new Error(`login name ${operator.loginName} belongs to a company's user`);
    return id;
  }

  /**
   * A marketplace radiologist of the platform (in no company, principal level 'marketplace':
   * docs/decisions/0147-marketplace-offers.md), idempotently; its user id. Refuses a login name a company's user holds.
   */
  async marketplaceRadiologist(radiologist: {
    loginName: string;
    firstName: string;
    lastName: string;
    email: string;
    password: string;
  }): Promise<string> {
    const passwordHash = await this.hash(radiologist.password);
    const id = await this.uow.change({ tenantId: null, actor: SYSTEM }, (tx) =>
      this.platformUser(
        tx,
        new PlatformOperatorsRepository().ensure(tx, { ...radiologist, passwordHash }, 'marketplace'),
      ),
    );
    if (id === null) throw new Error(`login name ${radiologist.loginName} belongs to a company's user`);
    return id;
  }

  /**
   * A platform user just made announces itself as every user does: UserCreated on auth.user.v1, of no company (the
   * envelope's tenant null), so the services' directories know its name (docs/decisions/0201).
   */
  private async platformUser(
    tx: ChangeTx,
    ensured: Promise<{ id: string; created: boolean } | null>,
  ): Promise<string | null> {
    const made = await ensured;
    if (made?.created) {
      const view = await this.users.view(tx, made.id);
      if (view) await this.usersPublisher.publish(tx, view, true);
    }
    return made?.id ?? null;
  }

  /** The company (onboarded as the platform operator's API does it, when its code is new). */
  private async company(spec: TenantSpec): Promise<string> {
    const found = await this.uow.read({ tenantId: null }, (tx) => this.companies.findByCode(tx, spec.company.code));
    if (found) return found.id;
    const admin = (spec.users ?? []).find(
      (u) =>
        (normalizeRoleCode(u.role) ?? u.role) === ROLE_CODES.ADMIN && u.isActive !== false && u.resetPassword !== true,
    );
    const { company } = await this.onboarding.create(
      { actor: SYSTEM, user: null },
      { company: spec.company, admin: admin ?? null },
      admin ? { adminPasswordHash: await this.hash(admin.password) } : {},
    );
    return company.id;
  }

  private async group(tx: ChangeTx, tenantId: string, g: NonNullable<TenantSpec['groups']>[number]): Promise<string> {
    const found = await this.groups.byCode(tx, g.code);
    if (found) return found.id;
    const id = await this.groups.insert(tx, tenantId, { name: g.name, code: g.code, isFusion: g.isFusion ?? false });
    await this.orgPublisher.group(tx, await this.groups.byIdOrFail(tx, id), true);
    return id;
  }

  private async centre(
    tx: ChangeTx,
    tenantId: string,
    c: NonNullable<TenantSpec['centres']>[number] & { groupId: string | null },
  ): Promise<string> {
    const found = await this.centres.byCode(tx, c.code);
    if (found) return found.id;
    const id = await this.centres.insert(tx, tenantId, {
      name: c.name,
      code: c.code,
      groupID: c.groupId,
      isFusion: c.isFusion ?? false,
    });
    await this.orgPublisher.centre(tx, await this.centres.byIdOrFail(tx, id), true);
    return id;
  }

  private async customRole(
    tx: ChangeTx,
    tenantId: string,
    r: NonNullable<TenantSpec['roles']>[number],
    owner: { ownerGroupId: string | null; ownerCentreId: string | null },
  ): Promise<string> {
    const found = await this.roles.customByName(tx, r.name);
    if (found) return found.id;
    const roleCode = normalizeRoleCode(r.roleCode) ?? r.roleCode;
    return this.roles.insert(
      tx,
      tenantId,
      {
        name: r.name,
        roleCode,
        description: null,
        privileges: sanitizeGrants(r.privileges as Record<string, string[]>),
      },
      owner,
    );
  }

  private async user(
    tx: ChangeTx,
    tenantId: string,
    u: NonNullable<TenantSpec['users']>[number],
    out: ProvisionedTenant,
    passwordHash: string,
  ): Promise<string> {
    const loginName = u.loginName.toLowerCase();
    const existing = await this.credentials.findByLoginName(tx, loginName);
    if (existing) {
      if (existing.tenantId !== tenantId) throw new Error(`login name ${loginName} belongs to another tenant`);
      return existing.userId;
    }
    const roleId = out.roles[u.role] ?? out.roles[normalizeRoleCode(u.role) ?? ''];
    if (!roleId) throw new Error(`user ${loginName}: unknown role ${u.role}`);
    const role = await this.roles.findById(tx, roleId);
    if (!role) throw new Error(`user ${loginName}: role ${u.role} not found`);
    const level = roleLevel(role.roleCode);
    const groupId = level === 'group' && u.group ? out.groups[u.group]! : null;
    const centreIds = level === 'centre' ? (u.centres ?? []).map((key) => out.centres[key]!) : [];
    const id = await this.users.insert(
      tx,
      tenantId,
      loginName,
      { firstName: u.firstName, lastName: u.lastName, email: u.email, phoneNumber: null, roleId, groupId, centreIds },
      u.resetPassword ?? false,
    );
    await this.credentials.insert(tx, { loginName, userId: id, tenantId, passwordHash });
    if (u.isActive === false) await this.users.setActive(tx, id, false);
    await this.usersPublisher.publish(tx, (await this.users.view(tx, id))!, true);
    return id;
  }

  private hash(password: string): Promise<string> {
    let hash = this.hashes.get(password);
    if (!hash) {
      hash = this.hasher.hash(password);
      this.hashes.set(password, hash);
    }
    return hash;
  }
}
