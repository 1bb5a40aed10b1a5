import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { LoggedInUser } from '@rayworks/contracts';
import { StorageService, type Principal } from '@rayworks/nest-kit';
import { textOrNull, type Row } from '../../database/sql.js';
import { roleLevel } from '../access/role-rules.js';
import { CentresRepository } from '../org/centres.repository.js';
import { LOGO_URL_SECONDS } from '../profile/profile.service.js';
import { grantsOf } from '../roles/roles.mappers.js';

/**
 * The principal of a user (what the access token carries), from the database: its role's privileges (none while
 * the role is inactive), its reach, its group and its active centres (a group user's: its group's active centres).
 */
@Injectable()
export class PrincipalFactory {
  constructor(
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /** `principalVersion`: the user's version read before `user` was (SessionStore.principalVersion). */
  async build(m: EntityManager, user: Row, sessionId: string, principalVersion: number): Promise<Principal> {
    const roleCode = String(user.role_code);
    const level = roleLevel(roleCode);
    const groupId = level === 'tenant' ? null : textOrNull(user.effective_group_id);
    const centreIds =
      level === 'centre'
        ? await this.centres.idsOfUser(m, String(user.id))
        : level === 'group' && groupId
          ? await this.centres.idsOfGroup(m, groupId)
          : [];
    return {
      userId: String(user.id),
      tenantId: String(user.tenant_id),
      loginName: String(user.login_name),
      roleCodes: [roleCode],
      groupId,
      centreIds,
      grants: user.role_active ? grantsOf({ privileges: user.role_privileges }) : {},
      sessionId,
      level,
      resetPassword: Boolean(user.reset_password),
      principalVersion,
    };
  }

  /** The logged-in user of spec §3, as the console stores it. */
  async loggedInUser(m: EntityManager, user: Row, principal: Principal): Promise<LoggedInUser> {
    const names = await this.centres.findNames(m, principal.centreIds);
    const fullName = `${user.first_name} ${user.last_name}`.trim();
    const logo = textOrNull(user.logo_file_id);
    return {
      _id: String(user.id),
      name: fullName,
      fullName,
      firstName: String(user.first_name),
      lastName: String(user.last_name),
      email: String(user.email),
      phoneNumber: textOrNull(user.phone_number),
      searchName: `${fullName} ${user.login_name}`.toLowerCase(),
      roleCodes: [...principal.roleCodes],
      roledetails: { name: String(user.role_name) },
      isAvailability: Boolean(user.is_availability),
      logo: logo ? { fileID: logo } : null,
      // The console shows the picture from this URL for the session (it keeps the logged-in user).
      profileImg: logo ? [{ preview: await this.storage.presignGet(logo, LOGO_URL_SECONDS) }] : [],
      centerName: names[0] ?? null,
      groupName: textOrNull(user.group_name),
      centerLogo: null,
      groupLogo: null,
      radiologistLogo: null,
      centerID: [...principal.centreIds],
      groupID: principal.groupId,
      companyID: principal.tenantId,
    };
  }
}
