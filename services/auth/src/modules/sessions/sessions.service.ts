import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  UnauthorizedException,
  BadRequestException,
} from '@nestjs/common';
import { AUTH_MESSAGES, toPermissionConfig, type PermissionConfig, type UserSession } from '@rayworks/contracts';
import {
  AccessTokens,
  AuthFailure,
  RequestAuthenticator,
  SessionStore,
  UnitOfWork,
  type AuditActor,
  type AuditInput,
  type ChangeTx,
  type Principal,
  type ReadTx,
  type RequestAccess,
  type TenantScope,
} from '@rayworks/nest-kit';
import { AUTH_SERVICE_ENV, type AuthServiceEnv } from '../../config/env.js';
import type { ClientInfo } from '../access/client-info.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { CredentialsRepository } from '../credentials/credentials.repository.js';
import { LoginRateLimiter, type LoginAttempt } from '../credentials/login-rate-limiter.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { CompaniesRepository } from '../tenants/companies.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { PrincipalFactory } from './principal.factory.js';
import { SessionsRepository } from './sessions.repository.js';

const tooManyAttempts = () => new HttpException(AUTH_MESSAGES.tooManyAttempts, HttpStatus.TOO_MANY_REQUESTS);
const invalidCredentials = () => new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);
const isPast = (at: Date | null) => at !== null && at.getTime() <= Date.now();

/**
 * Login, logout, token refresh and the permission configuration (docs/decisions/0011-sessions-and-tokens.md).
 * Login answers the same (401 'Invalid login name or password', after the same argon2 work) for an unknown login
 * name and a wrong password; the limits (docs/decisions/0070) answer 429 before any password is checked, so right
 * and wrong passwords get the same answer while limited. A temporary password past its expiry is refused (0071).
 */
@Injectable()
export class SessionsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(AUTH_SERVICE_ENV) private readonly env: AuthServiceEnv,
    @Inject(CredentialsRepository) private readonly credentials: CredentialsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(SessionsRepository) private readonly sessionRows: SessionsRepository,
    @Inject(PrincipalFactory) private readonly principals: PrincipalFactory,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @Inject(RequestAuthenticator) private readonly authenticator: RequestAuthenticator,
  ) {}

  async login(loginName: string | undefined, password: string | undefined, client: ClientInfo): Promise<UserSession> {
    if (!loginName?.trim() || !password) throw new BadRequestException(AUTH_MESSAGES.loginRequired);
    const name = loginName.trim().toLowerCase();
    // counted before the password is looked at (no race); while limited, right and wrong passwords get one answer
    const attempt = await this.limiter.attempt(name, client.address);
    if (!attempt.allowed) throw tooManyAttempts();

    // login names are a platform table: read in the platform context, before any tenant is known
    const credential = await this.uow.read({ tenantId: null }, (tx) => this.credentials.findByLoginName(tx, name));
    const passwordOk = await this.hasher.verify(credential?.passwordHash ?? null, password);
    const expired = passwordOk && credential !== null && isPast(credential.temporaryPasswordExpiresAt);
    if (!credential || !passwordOk || expired) {
      const actor = credential ? { userId: credential.userId, loginName: name } : null;
      await this.uow.change(this.loginScope(credential?.tenantId ?? null, actor), async (tx) => {
        if (!credential) await tx.audit(this.failure(client, 'unknown login name', { loginName: name.slice(0, 100) }));
        else await tx.audit(this.failure(client, expired ? 'temporary password expired' : 'wrong password'));
        await this.limitTripped(tx, attempt, client, credential ? null : name);
        if (credential && attempt.notifyUser)
          await tx.enqueue('authMail', { kind: 'login-attack', userId: credential.userId });
      });
      if (expired) throw new UnauthorizedException(AUTH_MESSAGES.temporaryPasswordExpired);
      throw invalidCredentials();
    }
    const actor = { userId: credential.userId, loginName: name };
    const scope = this.loginScope(credential.tenantId, actor);
    await this.refuseSuspendedCompany(credential.tenantId, scope, client);

    const session = await this.sessions.create(
      credential.userId,
      credential.tenantId,
      this.env.SESSION_ABSOLUTE_LIFETIME_SECONDS,
    );
    const principalVersion = await this.sessions.principalVersion(credential.userId);
    const outcome = await this.uow.change(scope, async (tx) => {
      const user = await this.users.view(tx, credential.userId);
      if (!user || !user.isActive || !(await this.companies.isActive(tx, credential.tenantId))) return null;
      await this.users.touchLogin(tx, credential.userId);
      await this.sessionRows.insert(tx, {
        id: session.sessionId,
        tenantId: credential.tenantId,
        userId: credential.userId,
        client,
      });
      await tx.audit({
        action: AUDIT_ACTIONS.loginSuccess,
        target: { type: 'session', id: session.sessionId },
        client,
      });
      const principal = await this.principals.build(tx, user, session.sessionId, principalVersion);
      return { principal, user: await this.principals.loggedInUser(tx, user, principal) };
    });
    if (!outcome) {
      await this.sessions.revoke(session.sessionId);
      await this.uow.change(scope, (tx) => tx.audit(this.failure(client, 'inactive')));
      throw new UnauthorizedException(AUTH_MESSAGES.accountInactive);
    }
    await this.limiter.succeeded(name, client.address);
    const { token, expiresIn } = await this.tokens.sign(outcome.principal);
    return {
      token,
      sessionToken: session.token,
      resetPassword: outcome.principal.resetPassword,
      _id: outcome.principal.userId,
      groupID: outcome.principal.groupId,
      centerID: [...outcome.principal.centreIds],
      expiresIn,
      user: outcome.user,
    };
  }

  async logout(access: RequestAccess, client: ClientInfo): Promise<void> {
    const { principal } = access;
    await this.sessions.revoke(principal.sessionId);
    await this.uow.change(access, async (tx) => {
      await this.sessionRows.end(tx, principal.sessionId, 'logout');
      await tx.audit({ action: AUDIT_ACTIONS.logout, target: { type: 'session', id: principal.sessionId }, client });
    });
  }

  /**
   * A new access token for a live session, from the database as it is now (role, centres, active). The old token
   * may have expired, but its signature must be good and the session must be alive (401 / 440 otherwise). A renewal
   * the console makes for a background call does not slide the session's idle timeout.
   */
  async refresh(
    accessToken: string | null,
    sessionToken: string | undefined,
    { background = false }: { background?: boolean } = {},
  ): Promise<{ token: string; expiresIn: number; resetPassword: boolean }> {
    let stale: Principal;
    try {
      stale = await this.authenticator.authenticate(accessToken, sessionToken, { allowExpiredToken: true, background });
    } catch (error) {
      if (error instanceof AuthFailure) throw error.toHttpException();
      throw error;
    }
    const principalVersion = await this.sessions.principalVersion(stale.userId);
    const principal = await this.uow.read({ tenantId: stale.tenantId }, async (tx) => {
      const user = await this.users.view(tx, stale.userId);
      if (!user || !user.isActive || !(await this.companies.isActive(tx, stale.tenantId))) return null;
      return this.principals.build(tx, user, stale.sessionId, principalVersion);
    });
    if (!principal) {
      await this.sessions.revoke(stale.sessionId);
      throw new UnauthorizedException(AUTH_MESSAGES.unauthorized);
    }
    const { token, expiresIn } = await this.tokens.sign(principal);
    return { token, expiresIn, resetPassword: principal.resetPassword };
  }

  config(access: RequestAccess): PermissionConfig {
    return toPermissionConfig(access.principal.grants);
  }

  /** Ends every session of a user (password change or reset): Redis first, then the history. */
  async revokeAllOfUser(tx: ChangeTx | ReadTx, userId: string, reason: string): Promise<void> {
    await this.sessions.revokeAllForUser(userId);
    await this.sessionRows.endAllOfUser(tx, userId, reason);
  }

  /**
   * A suspended company's users cannot log in (docs/decisions/0085): a clear message, said only after the right
   * password (so it tells a guesser nothing), and a failed-login audit entry in the company.
   */
  private async refuseSuspendedCompany(tenantId: string | null, scope: TenantScope, client: ClientInfo) {
    if (tenantId === null) return;
    if (await this.uow.read({ tenantId: null }, (tx) => this.companies.isActive(tx, tenantId))) return;
    await this.uow.change(scope, (tx) => tx.audit(this.failure(client, 'company suspended')));
    throw new UnauthorizedException(AUTH_MESSAGES.companySuspended);
  }

  /** A login's unit of work: the user's tenant (or the platform context), the user it signs in as the actor. */
  private loginScope(tenantId: string | null, user: AuditActor | null): TenantScope {
    return { tenantId, actor: user ? { type: 'user', id: user.userId } : { type: 'system', id: 'login' }, user };
  }

  /** The audit entry of a login limit this failed attempt reached (once per limit and window). */
  private async limitTripped(
    tx: ChangeTx,
    attempt: LoginAttempt,
    client: ClientInfo,
    unknownLoginName: string | null,
  ): Promise<void> {
    if (!attempt.allowed) return;
    const limits = [
      ...(attempt.accountTripped ? ['account-address'] : []),
      ...(attempt.addressTripped ? ['address'] : []),
    ];
    if (limits.length === 0) return;
    await tx.audit({
      action: AUDIT_ACTIONS.loginLimited,
      client,
      details: { limits, ...(unknownLoginName ? { loginName: unknownLoginName.slice(0, 100) } : {}) },
    });
  }

  /** A failed login's audit entry: why, and the login name tried when it names no user. */
  private failure(client: ClientInfo, reason: string, extra: { loginName?: string } = {}): AuditInput {
    return { action: AUDIT_ACTIONS.loginFailure, client, details: { reason, ...extra } };
  }
}
