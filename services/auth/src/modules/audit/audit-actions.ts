/** What the audit log records (auth.audit_log.action, written through tx.audit of a UnitOfWork change). */
export const AUDIT_ACTIONS = {
  loginSuccess: 'LOGIN_SUCCESS',
  loginFailure: 'LOGIN_FAILURE',
  /** A login limit was reached (docs/decisions/0070): details.limits says which. */
  loginLimited: 'LOGIN_LIMITED',
  logout: 'LOGOUT',
  passwordChange: 'PASSWORD_CHANGE',
  passwordResetRequest: 'PASSWORD_RESET_REQUEST',
  passwordReset: 'PASSWORD_RESET',
  userCreate: 'USER_CREATE',
  userUpdate: 'USER_UPDATE',
  userStatus: 'USER_STATUS',
  userUnblock: 'USER_UNBLOCK',
  roleCreate: 'ROLE_CREATE',
  roleUpdate: 'ROLE_UPDATE',
  roleStatus: 'ROLE_STATUS',
  groupCreate: 'GROUP_CREATE',
  groupUpdate: 'GROUP_UPDATE',
  centreCreate: 'CENTRE_CREATE',
  centreUpdate: 'CENTRE_UPDATE',
  availability: 'AVAILABILITY',
  companyCreate: 'COMPANY_CREATE',
  companySuspend: 'COMPANY_SUSPEND',
  companyResume: 'COMPANY_RESUME',
  signatureUpload: 'SIGNATURE_UPLOAD',
  pictureUpload: 'PICTURE_UPLOAD',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
