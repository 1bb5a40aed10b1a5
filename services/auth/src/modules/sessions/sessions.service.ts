import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  UnauthorizedException,
  BadRequestException,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AUTH_MESSAGES, toPermissionConfig, type PermissionConfig, type UserSession } from '@rayworks/contracts';
import {
  AccessTokens,
  AuthFailure,
  RequestAuthenticator,
  runInTenant,
  SessionStore,
  setTenant,
  type Principal,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { AUTH_SERVICE_ENV, type AuthServiceEnv } from '../../config/env.js';
import type { ClientInfo } from '../access/client-info.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { AuditRepository, type AuditEntry } from '../audit/audit.repository.js';
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
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AUTH_SERVICE_ENV) private readonly env: AuthServiceEnv,
    @Inject(CredentialsRepository) private readonly credentials: CredentialsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(CompaniesRepository) private readonly companies: CompaniesRepository,
    @Inject(SessionsRepository) private readonly sessionRows: SessionsRepository,
    @Inject(PrincipalFactory) private readonly principals: PrincipalFactory,
    @Inject(AuditRepository) private readonly audit: AuditRepository,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    @Inject(RequestAuthenticator) private readonly authenticator: RequestAuthenticator,
  ) {}

  async login(loginName: string | undefined, password: string | undefined, client: ClientInfo): Promise<UserSession> {
    if (!loginName?.trim() || !password) throw new BadRequestException(AUTH_MESSAGES.loginRequired);
    const name = loginName.trim().toLowerCase();
    if (await this.limiter.isLimited(name, client.address)) throw tooManyAttempts();

    const credential = await this.dataSource.transaction((m) => this.credentials.findByLoginName(m, name));
    const passwordOk = await this.hasher.verify(credential?.password_hash ?? null, password);
    if (!credential || !passwordOk) {
      await this.limiter.recordFailure(name, client.address);
      if (credential) {
        await runInTenant(this.dataSource, credential.tenant_id, async (m) => {
          await this.credentials.recordFailure(
            m,
            name,
            this.env.LOGIN_LOCK_AFTER_FAILURES,
            this.env.LOGIN_LOCK_SECONDS,
          );
          await this.audit.append(
            m,
            this.failure(
              credential.tenant_id,
              { userId: credential.user_id, loginName: name },
              client,
              'wrong password',
            ),
          );
        });
      } else {
        await this.appendWithoutTenant(
          this.failure(null, null, client, 'unknown login name', { loginName: name.slice(0, 100) }),
        );
      }
      throw invalidCredentials();
    }
    const actor = { userId: credential.user_id, loginName: name };
    if (credential.locked_until && credential.locked_until.getTime() > Date.now()) {
      await runInTenant(this.dataSource, credential.tenant_id, (m) =>
        this.audit.append(m, this.failure(credential.tenant_id, actor, client, 'account locked')),
      );
      throw tooManyAttempts();
    }

    const session = await this.sessions.create(credential.user_id, credential.tenant_id);
    const principalVersion = await this.sessions.principalVersion(credential.user_id);
    const outcome = await runInTenant(this.dataSource, credential.tenant_id, async (m) => {
      const user = await this.users.findById(m, credential.user_id);
      if (!user || !user.is_active || !(await this.companies.isActive(m, credential.tenant_id))) return null;
      await this.credentials.recordSuccess(m, name);
      await this.users.touchLogin(m, credential.user_id);
      await this.sessionRows.insert(m, {
        id: session.sessionId,
        tenantId: credential.tenant_id,
        userId: credential.user_id,
        client,
      });
      await this.audit.append(m, {
        tenantId: credential.tenant_id,
        actor,
        action: AUDIT_ACTIONS.loginSuccess,
        target: { type: 'session', id: session.sessionId },
        client,
      });
      const principal = await this.principals.build(m, user, session.sessionId, principalVersion);
      return { principal, user: await this.principals.loggedInUser(m, user, principal) };
    });
    if (!outcome) {
      await this.sessions.revoke(session.sessionId);
      await runInTenant(this.dataSource, credential.tenant_id, (m) =>
        this.audit.append(m, this.failure(credential.tenant_id, actor, client, 'inactive')),
      );
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
    await runInTenant(this.dataSource, principal.tenantId, async (m) => {
      await this.sessionRows.end(m, principal.sessionId, 'logout');
      await this.audit.append(m, {
        tenantId: principal.tenantId,
        actor: principal,
        action: AUDIT_ACTIONS.logout,
        target: { type: 'session', id: principal.sessionId },
        client,
      });
    });
  }

  /**
   * A new access token for a live session, from the database as it is now (role, centres, active). The old token
   * may have expired, but its signature must be good and the session must be alive (401 / 440 otherwise).
   */
  async refresh(
    accessToken: string | null,
    sessionToken: string | undefined,
  ): Promise<{ token: string; expiresIn: number; resetPassword: boolean }> {
    let stale: Principal;
    try {
      stale = await this.authenticator.authenticate(accessToken, sessionToken, { allowExpiredToken: true });
    } catch (error) {
      if (error instanceof AuthFailure) throw error.toHttpException();
      throw error;
    }
    const principalVersion = await this.sessions.principalVersion(stale.userId);
    const principal = await runInTenant(this.dataSource, stale.tenantId, async (m) => {
      const user = await this.users.findById(m, stale.userId);
      if (!user || !user.is_active || !(await this.companies.isActive(m, stale.tenantId))) return null;
      return this.principals.build(m, user, stale.sessionId, principalVersion);
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
  async revokeAllOfUser(m: EntityManager, userId: string, reason: string): Promise<void> {
    await this.sessions.revokeAllForUser(userId);
    await this.sessionRows.endAllOfUser(m, userId, reason);
  }

  private failure(
    tenantId: string | null,
    actor: AuditEntry['actor'],
    client: ClientInfo,
    reason: string,
    extra: Record<string, unknown> = {},
  ): AuditEntry {
    return { tenantId, actor, action: AUDIT_ACTIONS.loginFailure, client, details: { reason, ...extra } };
  }

  private appendWithoutTenant(entry: AuditEntry): Promise<void> {
    return this.dataSource.transaction(async (m) => {
      await setTenant(m, null);
      await this.audit.append(m, entry);
    });
  }
}
