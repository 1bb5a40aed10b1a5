import { Module } from '@nestjs/common';
import { SERVICE_SUBSCRIPTIONS } from '@rayworks/contracts';
import { ServiceKitModule, ServiceKitSettings } from '@rayworks/nest-kit';
import { AuthConfigModule } from './config/auth-config.module.js';
import { database } from './database/data-source.js';
import { AvailabilityModule } from './modules/availability/availability.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { DepartmentsModule } from './modules/departments/departments.module.js';
import { DoctorsModule } from './modules/doctors/doctors.module.js';
import { EntitiesModule } from './modules/entities/entities.module.js';
import { OrgModule } from './modules/org/org.module.js';
import { PasswordsModule } from './modules/passwords/passwords.module.js';
import { PreferencesModule } from './modules/preferences/preferences.module.js';
import { ProfileModule } from './modules/profile/profile.module.js';
import { ReferralsModule } from './modules/referrals/referrals.module.js';
import { RolesModule } from './modules/roles/roles.module.js';
import { SessionsModule } from './modules/sessions/sessions.module.js';
import { TenantsModule } from './modules/tenants/tenants.module.js';
import { UsersModule } from './modules/users/users.module.js';

@Module({
  imports: [
    ServiceKitModule.forRoot(
      new ServiceKitSettings('auth', database, SERVICE_SUBSCRIPTIONS.auth, { issuesTokens: true }),
    ),
    AuthConfigModule,
    SessionsModule,
    PasswordsModule,
    AvailabilityModule,
    RolesModule,
    UsersModule,
    OrgModule,
    DepartmentsModule,
    EntitiesModule,
    DoctorsModule,
    ReferralsModule,
    ProfileModule,
    PreferencesModule,
    DashboardModule,
    TenantsModule,
  ],
})
export class AppModule {}
