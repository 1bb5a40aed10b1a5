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
import { LoginRateLimiter } from '../credentials/login-rate-limiter.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { CompaniesRepository } from '../tenants/companies.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { PrincipalFactory } from './principal.factory.js';
import { SessionsRepository } from './sessions.repository.js';

const tooManyAttempts = () => new HttpException(AUTH_MESSAGES.tooManyAttempts, HttpStatus.TOO_MANY_REQUESTS);
const invalidCredentials = () => new UnauthorizedException(AUTH_MESSAGES.invalidCredentials);

/**
 * Login, logout, token refresh and the permission configuration (docs/decisions/0011-sessions-and-tokens.md).
 * Login answers the same (401 'Invalid login name or password', after the same argon2 work) for an unknown login
 * name and a wrong password; the rate limits answer 429 before any password is checked.
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
    if (await this.limiter.isLimited(name, client.address)) throw tooManyAttempts();

    // login names are a platform table: read in the platform context, before any tenant is known
    const credential = await this.uow.read({ tenantId: null }, (tx) => this.credentials.findByLoginName(tx, name));
    const passwordOk = await this.hasher.verify(credential?.passwordHash ?? null, password);
    if (!credential || !passwordOk) {
      await this.limiter.recordFailure(name, client.address);
      if (credential) {
        const actor = { userId: credential.userId, loginName: name };
        await this.uow.change(this.loginScope(credential.tenantId, actor), async (tx) => {
          await this.credentials.recordFailure(
            tx,
            name,
            this.env.LOGIN_LOCK_AFTER_FAILURES,
            this.env.LOGIN_LOCK_SECONDS,
          );
          await tx.audit(this.failure(client, 'wrong password'));
        });
      } else {
        await this.uow.change(this.loginScope(null, null), (tx) =>
          tx.audit(this.failure(client, 'unknown login name', { loginName: name.slice(0, 100) })),
        );
      }
      throw invalidCredentials();
    }
    const actor = { userId: credential.userId, loginName: name };
    const scope = this.loginScope(credential.tenantId, actor);
    if (credential.lockedUntil && credential.lockedUntil.getTime() > Date.now()) {
      await this.uow.change(scope, (tx) => tx.audit(this.failure(client, 'account locked')));
      throw tooManyAttempts();
    }

    const session = await this.sessions.create(
      credential.userId,
      credential.tenantId,
      this.env.SESSION_ABSOLUTE_LIFETIME_SECONDS,
    );
    const principalVersion = await this.sessions.principalVersion(credential.userId);
    const outcome = await this.uow.change(scope, async (tx) => {
      const user = await this.users.view(tx, credential.userId);
      if (!user || !user.isActive || !(await this.companies.isActive(tx, credential.tenantId))) return null;
      await this.credentials.recordSuccess(tx, name);
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
    await this.limiter.clearLoginName(name);
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

  /** A login's unit of work: the user's tenant (or the platform context), the user it signs in as the actor. */
  private loginScope(tenantId: string | null, user: AuditActor | null): TenantScope {
    return { tenantId, actor: user ? { type: 'user', id: user.userId } : { type: 'system', id: 'login' }, user };
  }

  /** A failed login's audit entry: why, and the login name tried when it names no user. */
  private failure(client: ClientInfo, reason: string, extra: { loginName?: string } = {}): AuditInput {
    return { action: AUDIT_ACTIONS.loginFailure, client, details: { reason, ...extra } };
  }
}
