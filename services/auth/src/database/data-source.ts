import type { ServiceDatabaseOptions } from '@rayworks/nest-kit';
import { CredentialEntity } from '../modules/credentials/credential.entity.js';
import { DepartmentEntity, SubDepartmentEntity } from '../modules/departments/department.entity.js';
import { DoctorCentreEntity, DoctorEntity } from '../modules/doctors/doctor.entity.js';
import { PlaceEntity } from '../modules/entities/place.entity.js';
import { CentreEntity } from '../modules/org/centre.entity.js';
import { GroupEntity } from '../modules/org/group.entity.js';
import { PasswordResetEntity } from '../modules/passwords/password-reset.entity.js';
import { PreferenceEntity, PreferredColumnsEntity } from '../modules/preferences/preference.entity.js';
import { ReferralEntity } from '../modules/referrals/referral.entity.js';
import { RoleEntity } from '../modules/roles/role.entity.js';
import { SessionEntity } from '../modules/sessions/session.entity.js';
import { CompanyEntity } from '../modules/tenants/company.entity.js';
import { UserCentreEntity, UserEntity } from '../modules/users/user.entity.js';
import { EventTables1763712000000 } from './migrations/1763712000000-EventTables.js';
import { IdentitySchema1763800000000 } from './migrations/1763800000000-IdentitySchema.js';
import { UserLogo1764100000000 } from './migrations/1764100000000-UserLogo.js';
import { JobOutbox1795392000000 } from './migrations/1795392000000-JobOutbox.js';
import { TemporaryPasswordExpiry1795600000000 } from './migrations/1795600000000-TemporaryPasswordExpiry.js';
import { DeadLetterTenant1795700000000 } from './migrations/1795700000000-DeadLetterTenant.js';
import { ReferralCommissionBasisPoints1795700000002 } from './migrations/1795700000002-ReferralCommissionBasisPoints.js';
import { PlatformOperators1795800000000 } from './migrations/1795800000000-PlatformOperators.js';
import { DeadLetterOperations1796700000000 } from './migrations/1796700000000-DeadLetterOperations.js';
import { ReferralEvents1797000000000 } from './migrations/1797000000000-ReferralEvents.js';

/**
 * The auth service's schema, entities and migrations, in order. Rows are read and written through these entities
 * on the unit of work's transaction (docs/decisions/0030-unit-of-work-and-typed-persistence.md).
 */
export const database: ServiceDatabaseOptions = {
  schema: 'auth',
  entities: [
    CompanyEntity,
    GroupEntity,
    CentreEntity,
    RoleEntity,
    UserEntity,
    UserCentreEntity,
    SessionEntity,
    CredentialEntity,
    PasswordResetEntity,
    DepartmentEntity,
    SubDepartmentEntity,
    DoctorEntity,
    DoctorCentreEntity,
    ReferralEntity,
    PlaceEntity,
    PreferenceEntity,
    PreferredColumnsEntity,
  ],
  migrations: [
    EventTables1763712000000,
    IdentitySchema1763800000000,
    UserLogo1764100000000,
    JobOutbox1795392000000,
    TemporaryPasswordExpiry1795600000000,
    DeadLetterTenant1795700000000,
    ReferralCommissionBasisPoints1795700000002,
    PlatformOperators1795800000000,
    DeadLetterOperations1796700000000,
    ReferralEvents1797000000000,
  ],
};
