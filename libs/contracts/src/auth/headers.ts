/** Request headers (spec §7), by name. They can only narrow what the token allows, never widen it. */
export const AUTH_HEADERS = {
  loginName: 'loginname',
  password: 'password',
  oldPassword: 'oldpassword',
  authorization: 'authorization',
  sessionToken: 'x-session-token',
  companyId: 'x-company-id',
  encrypted: 'x-encrypted',
  sessionEnabled: 'x-session-enabled',
  submoduleType: 'x-submodule-type',
  subscriptionType: 'x-subscription-type',
  groupId: 'x-group-id',
  centerIds: 'x-center-ids',
} as const;

/** HTTP status of an expired (idle) session: the console goes to /sessionexpired (spec §8: 440). */
export const SESSION_EXPIRED_STATUS = 440;
