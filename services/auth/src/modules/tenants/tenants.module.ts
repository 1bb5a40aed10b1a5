import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { RolesModule } from '../roles/roles.module.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { UsersModule } from '../users/users.module.js';
import { CompaniesController } from './companies.controller.js';
import { CompaniesPublisher } from './companies.publisher.js';
import { CompaniesRepository } from './companies.repository.js';
import { CompaniesService } from './companies.service.js';
import { CompanyOnboarding } from './company-onboarding.js';

/**
 * Companies (tenants): the register, and the platform operator's onboarding, suspending and resuming
 * (docs/decisions/0085). SessionsRepository is stateless and provided here too (the sessions module imports this one).
 */
@Module({
  imports: [CredentialsModule, RolesModule, UsersModule],
  controllers: [CompaniesController],
  providers: [CompaniesRepository, CompaniesPublisher, CompaniesService, CompanyOnboarding, SessionsRepository],
  exports: [CompaniesRepository],
})
export class TenantsModule {}
