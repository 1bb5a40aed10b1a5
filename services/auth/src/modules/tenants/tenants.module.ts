import { Module } from '@nestjs/common';
import { CompaniesRepository } from './companies.repository.js';

/** Companies (tenants). */
@Module({ providers: [CompaniesRepository], exports: [CompaniesRepository] })
export class TenantsModule {}
