import { randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  ALL_ROLE_CODES,
  COMPANY_MESSAGES,
  DEFAULT_ROLE_PRIVILEGES,
  ROLE_CODES,
  ROLE_LABELS,
  type RoleCode,
} from '@rayworks/contracts';
import { isUniqueViolation, UnitOfWork, type ChangeTx, type TenantScope } from '@rayworks/nest-kit';
import type { ClientInfo } from '../access/client-info.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { CredentialsRepository } from '../credentials/credentials.repository.js';
import { RolesRepository } from '../roles/roles.repository.js';
import { UsersPublisher } from '../users/users.publisher.js';
import { UsersRepository } from '../users/users.repository.js';
import { CompaniesPublisher } from './companies.publisher.js';
import { CompaniesRepository } from './companies.repository.js';
import type { CompanyEntity } from './company.entity.js';

/** A company to onboard: its register entry and, from the platform operator's form, its first administrator. */
export interface CompanyOnboardingInput {
  company: { name: string; code: string };
  admin: { loginName: string; firstName: string; lastName: string; email: string } | null;
}

export interface OnboardingOptions {
  /**
   * The administrator's password, already hashed (the demo seed and test tenants, which log in with a known
   * password). Without it — the platform operator's path — the administrator gets the welcome e-mail with a
   * temporary password and must change it at first login, as every new user does.
   */
  adminPasswordHash?: string;
  client?: ClientInfo | null;
}

export interface OnboardedCompany {
  company: CompanyEntity;
  adminUserId: string | null;
}

/**
 * Onboards a company (docs/decisions/0085): the one path by which a company comes to exist — the platform
 * operator's API, the demo seed and every test tenant (TenantProvisioner) go through it. One unit of work in the
 * new company's own scope (row-level security set to it): the register entry, the company's system roles (one per
 * role code, from the default matrix), its first administrator (RAYWORKS_ADMIN) and login, the CompanyCreated and
 * UserCreated events, the audit entry, and the welcome e-mail job — all committed together, or nothing.
 */
@Injectable()
export class CompanyOnboarding {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(RolesRepository) private readonly roles: RolesRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CredentialsRepository) private readonly credentials: CredentialsRepository,
    @Inject(UsersPublisher) private readonly usersPublisher: UsersPublisher,
    @Inject(CompaniesPublisher) private readonly publisher: CompaniesPublisher,
  ) {}

  /** `by`: who onboards it (the operator's user, or the system for the seed and tests); 409 when code or login is taken. */
  async create(
    by: Omit<TenantScope, 'tenantId'>,
    input: CompanyOnboardingInput,
    options: OnboardingOptions = {},
  ): Promise<OnboardedCompany> {
    const tenantId = randomUUID();
    try {
      return await this.uow.change({ ...by, tenantId }, async (tx) => {
        // the register is a platform table: the code is unique across companies
        if (await this.companies.findByCode(tx, input.company.code))
          throw new ConflictException(COMPANY_MESSAGES.codeTaken);
        if (input.admin && (await this.credentials.isTaken(tx, input.admin.loginName)))
          throw new ConflictException(COMPANY_MESSAGES.loginNameTaken);
        await this.companies.insert(tx, { id: tenantId, ...input.company });
        const roles = await this.systemRoles(tx, tenantId);
        const adminUserId = input.admin ? await this.admin(tx, tenantId, roles, input.admin, options) : null;
        const company = (await this.companies.find(tx, tenantId))!;
        await this.publisher.created(tx, company, adminUserId);
        await tx.audit({
          action: AUDIT_ACTIONS.companyCreate,
          target: { type: 'company', id: tenantId },
          client: options.client ?? null,
          details: { code: company.code, adminUserId },
        });
        return { company, adminUserId };
      });
    } catch (error) {
      // two onboardings of the same code or login name at once: the second meets the unique index
      if (isUniqueViolation(error))
        throw new ConflictException(
          isUniqueViolation(error, 'companies_code_key') ? COMPANY_MESSAGES.codeTaken : COMPANY_MESSAGES.loginNameTaken,
        );
      throw error;
    }
  }

  /** The company's system roles, one per role code (those missing are made): role code → role id. */
  async systemRoles(tx: ChangeTx, tenantId: string): Promise<Record<RoleCode, string>> {
    const out = {} as Record<RoleCode, string>;
    for (const code of ALL_ROLE_CODES) out[code] = await this.systemRole(tx, tenantId, code);
    return out;
  }

  private async systemRole(tx: ChangeTx, tenantId: string, code: RoleCode): Promise<string> {
    const found = await this.roles.systemRole(tx, code);
    if (found) return found.id;
    // Labels repeat (the typist is labelled Transcriptionist, spec §6): the second of a label gets its code too.
    const label = ROLE_LABELS[code];
    const taken = await this.roles.companyNameTaken(tx, label);
    return this.roles.insert(
      tx,
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

  private async admin(
    tx: ChangeTx,
    tenantId: string,
    roles: Record<RoleCode, string>,
    admin: NonNullable<CompanyOnboardingInput['admin']>,
    options: OnboardingOptions,
  ): Promise<string> {
    const loginName = admin.loginName.toLowerCase();
    const withPassword = options.adminPasswordHash !== undefined;
    const id = await this.users.insert(
      tx,
      tenantId,
      loginName,
      {
        firstName: admin.firstName,
        lastName: admin.lastName,
        email: admin.email,
        phoneNumber: null,
        roleId: roles[ROLE_CODES.ADMIN],
        groupId: null,
        centreIds: [],
      },
      !withPassword,
    );
    await this.credentials.insert(tx, {
      loginName,
      userId: id,
      tenantId,
      passwordHash: options.adminPasswordHash ?? null,
    });
    await this.usersPublisher.publish(tx, (await this.users.view(tx, id))!, true);
    // the welcome e-mail (temporary password) exists if and only if the administrator does (job outbox)
    if (!withPassword) await tx.enqueue('authMail', { kind: 'welcome', userId: id });
    return id;
  }
}
