import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ALL_ROLE_CODES,
  DEFAULT_ROLE_PRIVILEGES,
  ROLE_LABELS,
  normalizeRoleCode,
  sanitizeGrants,
  type EventActor,
  type ProvisionedTenant,
  type RoleCode,
  type TenantSpec,
} from '@rayworks/contracts';
import { OutboxPublisher, runInTenant } from '@rayworks/nest-kit';
import { one, rows } from '../../database/sql.js';
import { roleLevel } from '../access/role-rules.js';
import { CredentialsRepository } from '../credentials/credentials.repository.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { CentresRepository } from '../org/centres.repository.js';
import { GroupsRepository } from '../org/groups.repository.js';
import { toCentre, toGroup } from '../org/org.mappers.js';
import { OrgPublisher } from '../org/org.publisher.js';
import { RolesRepository } from '../roles/roles.repository.js';
import { toUser } from '../users/users.mappers.js';
import { UsersPublisher } from '../users/users.publisher.js';
import { UsersRepository } from '../users/users.repository.js';
import { CompaniesRepository } from './companies.repository.js';

/** The spec and result types live in libs/contracts, where tests (libs/testing) and the tenant CLI share them. */
export type { ProvisionedTenant, TenantSpec } from '@rayworks/contracts';

const SYSTEM: EventActor = { type: 'system', id: 'provisioning' };

/**
 * Creates a tenant with its groups, centres, roles and users, idempotently (what exists, by code or login name,
 * is kept as it is), publishing the same OrgUnitCreated / UserCreated events as the API does. Used by the demo
 * seed, by the tenant CLI (operators, other services' tests) and by the auth service's own tests.
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
  private readonly orgPublisher = new OrgPublisher(this.outbox);
  private readonly usersPublisher = new UsersPublisher(this.outbox);
  private readonly hasher = new PasswordHasher();
  private readonly hashes = new Map<string, Promise<string>>();

  constructor(private readonly dataSource: DataSource) {}

  async provision(spec: TenantSpec): Promise<ProvisionedTenant> {
    const tenantId = await this.company(spec.company);
    const out: ProvisionedTenant = { tenantId, groups: {}, centres: {}, roles: {}, users: {} };
    await runInTenant(this.dataSource, tenantId, async (m) => {
      for (const g of spec.groups ?? []) out.groups[g.key] = await this.group(m, tenantId, g);
      for (const c of spec.centres ?? []) {
        const groupId = c.group ? out.groups[c.group] : null;
        if (c.group && !groupId) throw new Error(`centre ${c.key}: unknown group ${c.group}`);
        out.centres[c.key] = await this.centre(m, tenantId, { ...c, groupId: groupId ?? null });
      }
      for (const code of ALL_ROLE_CODES) out.roles[code] = await this.systemRole(m, tenantId, code);
      for (const r of spec.roles ?? []) {
        out.roles[r.key] = await this.customRole(m, tenantId, r, {
          ownerGroupId: r.ownerGroup ? out.groups[r.ownerGroup]! : null,
          ownerCentreId: r.ownerCentre ? out.centres[r.ownerCentre]! : null,
        });
      }
    });
    for (const u of spec.users ?? []) {
      const passwordHash = await this.hash(u.password);
      out.users[u.loginName.toLowerCase()] = await runInTenant(this.dataSource, tenantId, (m) =>
        this.user(m, tenantId, u, out, passwordHash),
      );
    }
    return out;
  }

  private async company(company: TenantSpec['company']): Promise<string> {
    return this.dataSource.transaction(async (m) => {
      const found = await this.companies.findByCode(m, company.code);
      if (found) return found.id;
      const id = randomUUID();
      await this.companies.insert(m, { id, ...company });
      return id;
    });
  }

  private async group(
    m: EntityManager,
    tenantId: string,
    g: NonNullable<TenantSpec['groups']>[number],
  ): Promise<string> {
    const found = await one<{ id: string }>(m, `SELECT id FROM groups WHERE code = $1`, [g.code]);
    if (found) return found.id;
    const id = await this.groups.insert(m, tenantId, { name: g.name, code: g.code, isFusion: g.isFusion ?? false });
    const row = await one(m, `SELECT g.*, 0 AS centre_count FROM groups g WHERE id = $1`, [id]);
    await this.orgPublisher.group(m, tenantId, SYSTEM, toGroup(row!), true);
    return id;
  }

  private async centre(
    m: EntityManager,
    tenantId: string,
    c: NonNullable<TenantSpec['centres']>[number] & { groupId: string | null },
  ): Promise<string> {
    const found = await one<{ id: string }>(m, `SELECT id FROM centres WHERE code = $1`, [c.code]);
    if (found) return found.id;
    const id = await this.centres.insert(m, tenantId, {
      name: c.name,
      code: c.code,
      groupID: c.groupId,
      isFusion: c.isFusion ?? false,
    });
    const row = await one(
      m,
      `SELECT c.*, g.name AS group_name FROM centres c LEFT JOIN groups g ON g.id = c.group_id WHERE c.id = $1`,
      [id],
    );
    await this.orgPublisher.centre(m, tenantId, SYSTEM, toCentre(row!), true);
    return id;
  }

  private async systemRole(m: EntityManager, tenantId: string, code: RoleCode): Promise<string> {
    const found = await one<{ id: string }>(m, `SELECT id FROM roles WHERE is_system AND role_code = $1`, [code]);
    if (found) return found.id;
    // Labels repeat (the typist is labelled Transcriptionist, spec §6): the second of a label gets its code too.
    const label = ROLE_LABELS[code];
    const taken = await one(
      m,
      `SELECT 1 FROM roles WHERE lower(name) = lower($1) AND owner_group_id IS NULL AND owner_centre_id IS NULL`,
      [label],
    );
    return this.roles.insert(
      m,
      tenantId,
      {
        name: taken ? `${label} (${code})` : label,
        roleCode: code,
        description: `Default ${ROLE_LABELS[code]} role`,
        privileges: DEFAULT_ROLE_PRIVILEGES[code],
      },
      { ownerGroupId: null, ownerCentreId: null },
      true,
    );
  }

  private async customRole(
    m: EntityManager,
    tenantId: string,
    r: NonNullable<TenantSpec['roles']>[number],
    owner: { ownerGroupId: string | null; ownerCentreId: string | null },
  ): Promise<string> {
    const found = await one<{ id: string }>(m, `SELECT id FROM roles WHERE NOT is_system AND lower(name) = lower($1)`, [
      r.name,
    ]);
    if (found) return found.id;
    const roleCode = normalizeRoleCode(r.roleCode) ?? r.roleCode;
    return this.roles.insert(
      m,
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
    m: EntityManager,
    tenantId: string,
    u: NonNullable<TenantSpec['users']>[number],
    out: ProvisionedTenant,
    passwordHash: string,
  ): Promise<string> {
    const loginName = u.loginName.toLowerCase();
    const existing = await this.credentials.findByLoginName(m, loginName);
    if (existing) {
      if (existing.tenant_id !== tenantId) throw new Error(`login name ${loginName} belongs to another tenant`);
      return existing.user_id;
    }
    const roleId = out.roles[u.role] ?? out.roles[normalizeRoleCode(u.role) ?? ''];
    if (!roleId) throw new Error(`user ${loginName}: unknown role ${u.role}`);
    const [role] = await rows<{ role_code: string }>(m, `SELECT role_code FROM roles WHERE id = $1`, [roleId]);
    const level = roleLevel(role!.role_code);
    const groupId = level === 'group' && u.group ? out.groups[u.group]! : null;
    const centreIds = level === 'centre' ? (u.centres ?? []).map((key) => out.centres[key]!) : [];
    const id = await this.users.insert(
      m,
      tenantId,
      loginName,
      { firstName: u.firstName, lastName: u.lastName, email: u.email, phoneNumber: null, roleId, groupId, centreIds },
      u.resetPassword ?? false,
    );
    await this.credentials.insert(m, { loginName, userId: id, tenantId, passwordHash });
    if (u.isActive === false) await this.users.setActive(m, id, false);
    await this.usersPublisher.publish(m, tenantId, SYSTEM, toUser((await this.users.findById(m, id))!), true);
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
