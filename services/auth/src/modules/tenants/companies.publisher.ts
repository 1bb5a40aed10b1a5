import { Injectable } from '@nestjs/common';
import { CompanyCreatedV1, CompanyResumedV1, CompanySuspendedV1 } from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';
import type { CompanyEntity } from './company.entity.js';

const payloadOf = (c: CompanyEntity) => ({ companyId: c.id, name: c.name, code: c.code, isActive: c.isActive });

/** CompanyCreated / CompanySuspended / CompanyResumed on auth.company.v1, in the unit of work of the change. */
@Injectable()
export class CompaniesPublisher {
  async created(tx: ChangeTx, company: CompanyEntity, adminUserId: string | null): Promise<void> {
    await tx.publish(CompanyCreatedV1, company.id, { ...payloadOf(company), adminUserId });
  }

  async statusChanged(tx: ChangeTx, company: CompanyEntity): Promise<void> {
    await tx.publish(company.isActive ? CompanyResumedV1 : CompanySuspendedV1, company.id, payloadOf(company));
  }
}
