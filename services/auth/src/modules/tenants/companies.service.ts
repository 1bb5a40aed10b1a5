import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { z } from 'zod';
import {
  COMPANY_MESSAGES,
  type AUTH_API,
  type Company,
  type companyInputSchema,
  type OnboardedCompany,
  type Page,
  type BodyOf,
} from '@rayworks/contracts';
import {
  forbidden,
  isPlatformOperator,
  SessionStore,
  UnitOfWork,
  type RequestAccess,
  type TenantScope,
} from '@rayworks/nest-kit';
import type { ClientInfo } from '../access/client-info.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { CompaniesPublisher } from './companies.publisher.js';
import { CompaniesRepository } from './companies.repository.js';
import { CompanyOnboarding } from './company-onboarding.js';
import type { CompanyEntity } from './company.entity.js';

type CompanyInput = z.output<typeof companyInputSchema>;
type CompanyListQuery = BodyOf<typeof AUTH_API.getCompanies>;

export const asCompany = (c: CompanyEntity): Company => ({
  _id: c.id,
  name: c.name,
  code: c.code,
  isActive: c.isActive,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/**
 * The platform operator's companies (docs/decisions/0085): list the register, onboard a company with its first
 * administrator, suspend and resume one. The operator works in the platform context, where row-level security
 * shows no company's rows; onboarding, suspending and resuming enter one named company's scope for that change
 * only (its roles and first administrator; its sessions to end), and nothing else of it is read.
 */
@Injectable()
export class CompaniesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(CompanyOnboarding) private readonly onboarding: CompanyOnboarding,
    @Inject(CompaniesPublisher) private readonly publisher: CompaniesPublisher,
    @Inject(SessionsRepository) private readonly sessionRows: SessionsRepository,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(UsersRepository) private readonly users: UsersRepository,
  ) {}

  list(access: RequestAccess, q: CompanyListQuery): Promise<Page<Company>> {
    this.operatorOnly(access);
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.companies.list(tx, q);
      return { items: items.map(asCompany), total, page: q.page, pageSize: q.pageSize };
    });
  }

  async create(access: RequestAccess, input: CompanyInput, client: ClientInfo): Promise<OnboardedCompany> {
    this.operatorOnly(access);
    const { company, adminUserId } = await this.onboarding.create(
      this.operatorScope(access),
      {
        company: { name: input.name, code: input.code },
        admin: {
          loginName: input.adminLoginName,
          firstName: input.adminFirstName,
          lastName: input.adminLastName,
          email: input.adminEmail,
        },
      },
      { client },
    );
    return {
      ...asCompany(company),
      admin: { _id: adminUserId!, loginName: input.adminLoginName.toLowerCase(), email: input.adminEmail },
    };
  }

  /**
   * Suspends a company: its users cannot log in (a clear message), every live session of its users ends at once
   * (Redis first after the commit, and the sessions' history in the same change); its data is kept as it is.
   */
  suspend(access: RequestAccess, id: string, client: ClientInfo): Promise<Company> {
    return this.setActive(access, id, false, client);
  }

  /** Resumes a suspended company: its users can log in again. */
  resume(access: RequestAccess, id: string, client: ClientInfo): Promise<Company> {
    return this.setActive(access, id, true, client);
  }

  private async setActive(access: RequestAccess, id: string, isActive: boolean, client: ClientInfo) {
    this.operatorOnly(access);
    return this.uow.change({ ...this.operatorScope(access), tenantId: id }, async (tx) => {
      const company = await this.companies.find(tx, id);
      if (!company) throw new NotFoundException(COMPANY_MESSAGES.notFound);
      if (company.isActive !== isActive) {
        await this.companies.setActive(tx, id, isActive);
        company.isActive = isActive;
        await this.publisher.statusChanged(tx, company);
        await tx.audit({
          action: isActive ? AUDIT_ACTIONS.companyResume : AUDIT_ACTIONS.companySuspend,
          target: { type: 'company', id },
          client,
        });
      }
      if (!isActive) {
        // in the company's scope (row-level security): its users only
        const userIds = await this.users.idsOfCompany(tx);
        await this.sessionRows.endAllOfTenant(tx, 'company suspended');
        tx.afterCommit(async () => {
          for (const userId of userIds) await this.sessions.revokeAllForUser(userId);
        });
      }
      return asCompany((await this.companies.find(tx, id))!);
    });
  }

  /** The guard lets only platform operators reach the PLATFORM module; the service does not rely on it alone. */
  private operatorOnly(access: RequestAccess): void {
    if (!isPlatformOperator(access.principal)) throw forbidden();
  }

  private operatorScope(access: RequestAccess): Omit<TenantScope, 'tenantId'> {
    const { userId, loginName } = access.principal;
    return { actor: { type: 'user', id: userId }, user: { userId, loginName } };
  }
}
