import { Inject, Injectable } from '@nestjs/common';
import { normalizeRoleCode, ROLE_CODES, sanitizeGrants, type LoggedInUser } from '@rayworks/contracts';
import { StorageService, type Principal, type ReadTx } from '@rayworks/nest-kit';
import { roleLevel } from '../access/role-rules.js';
import { CentresRepository } from '../org/centres.repository.js';
import { LOGO_URL_SECONDS } from '../profile/profile.service.js';
import { fullNameOf, roleGrantsOf, type UserView } from '../users/user.view.js';

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
  async build(tx: ReadTx, user: UserView, sessionId: string, principalVersion: number): Promise<Principal> {
    const roleCode = user.roleCode;
    // a user of no company is a platform operator (docs/decisions/0085): the platform module's grants, no reach;
    // or a marketplace radiologist of the platform (docs/decisions/0147): its role's grants, the marketplace's reach
    const marketplace = user.tenantId === null && normalizeRoleCode(roleCode) === ROLE_CODES.MARKETPLACE_RADIOLOGIST;
    const platform = user.tenantId === null && !marketplace;
    const level = platform ? 'platform' : marketplace ? 'marketplace' : roleLevel(roleCode);
    const groupId = level === 'tenant' ? null : user.groupId;
    const centreIds =
      level === 'centre'
        ? await this.centres.idsOfUser(tx, user.id)
        : level === 'group' && groupId
          ? await this.centres.idsOfGroup(tx, groupId)
          : [];
    return {
      userId: user.id,
      tenantId: user.tenantId,
      loginName: user.loginName,
      roleCodes: [roleCode],
      groupId,
      centreIds,
      grants: !user.roleActive
        ? {}
        : platform
          ? sanitizeGrants(user.rolePrivileges ?? {}, { platform: true })
          : roleGrantsOf(user),
      sessionId,
      level,
      resetPassword: user.resetPassword,
      principalVersion,
    };
  }

  /** The logged-in user of spec §3, as the console stores it. */
  async loggedInUser(tx: ReadTx, user: UserView, principal: Principal): Promise<LoggedInUser> {
    const names = await this.centres.findNames(tx, principal.centreIds);
    const fullName = fullNameOf(user);
    const logo = user.logoFileId;
    return {
      _id: user.id,
      name: fullName,
      fullName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      searchName: `${fullName} ${user.loginName}`.toLowerCase(),
      roleCodes: [...principal.roleCodes],
      roledetails: { name: user.roleName },
      isAvailability: user.isAvailability,
      logo: logo ? { fileID: logo } : null,
      // The console shows the picture from this URL for the session (it keeps the logged-in user).
      profileImg: logo ? [{ preview: await this.storage.presignGet(logo, LOGO_URL_SECONDS) }] : [],
      centerName: names[0] ?? null,
      groupName: user.groupName,
      centerLogo: null,
      groupLogo: null,
      radiologistLogo: null,
      centerID: [...principal.centreIds],
      groupID: principal.groupId,
      companyID: principal.tenantId,
    };
  }
}
