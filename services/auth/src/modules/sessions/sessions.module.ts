import { Module } from '@nestjs/common';
import { CredentialsModule } from '../credentials/credentials.module.js';
import { OrgModule } from '../org/org.module.js';
import { TenantsModule } from '../tenants/tenants.module.js';
import { UsersModule } from '../users/users.module.js';
import { PrincipalFactory } from './principal.factory.js';
import { JwksController } from './jwks.controller.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsRepository } from './sessions.repository.js';
import { SessionsService } from './sessions.service.js';

/** Login, logout, token refresh, the permission configuration, the public keys of the access tokens. */
@Module({
  imports: [CredentialsModule, OrgModule, TenantsModule, UsersModule],
  controllers: [SessionsController, JwksController],
  providers: [SessionsService, SessionsRepository, PrincipalFactory],
  exports: [SessionsService, SessionsRepository],
})
export class SessionsModule {}
