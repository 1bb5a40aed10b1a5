import { BadRequestException, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { RedisClient as Redis } from '@rayworks/nest-kit';
import { AUTH_MESSAGES } from '@rayworks/contracts';
import { REDIS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { breachedPasswordProblem, loadBreachedPasswords, validateChangePassword } from '@rayworks/validation';
import type { ClientInfo } from '../access/client-info.js';
import { AUDIT_ACTIONS } from '../audit/audit-actions.js';
import { CredentialsRepository } from '../credentials/credentials.repository.js';
import { LoginRateLimiter } from '../credentials/login-rate-limiter.js';
import { PasswordHasher } from '../credentials/password-hasher.js';
import { hashResetToken } from '../mail/mail.processor.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordResetsRepository } from './password-resets.repository.js';

/** One reset e-mail per login name per this many seconds, however often the form is sent. */
const FORGOT_THROTTLE_SECONDS = 60;

/**
 * Password change (spec §5 rules and messages, from libs/validation, checked again on the server, plus the
 * breached-password list), the forgot-password e-mail and the reset link. A change or a reset ends every session
 * of the user and tells the user by e-mail (the authMail job, in the same change).
 */
@Injectable()
export class PasswordsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CredentialsRepository) private readonly credentials: CredentialsRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LoginRateLimiter) private readonly limiter: LoginRateLimiter,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(PasswordResetsRepository) private readonly resets: PasswordResetsRepository,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  async change(access: RequestAccess, oldPassword: unknown, newPassword: unknown, client: ClientInfo): Promise<void> {
    const errors = validateChangePassword({ currentPassword: oldPassword, newPassword, confirmPassword: newPassword });
    const problem = errors.currentPassword ?? errors.newPassword ?? errors.confirmPassword;
    if (problem) throw new BadRequestException(problem);
    await this.refuseBreached(String(newPassword));
    const { principal } = access;
    // Guessing the current password through this call counts against the same limits as logins.
    const attempt = await this.limiter.attempt(principal.loginName, client.address);
    if (!attempt.allowed) throw new HttpException(AUTH_MESSAGES.tooManyAttempts, HttpStatus.TOO_MANY_REQUESTS);
    const credential = await this.uow.read({ tenantId: null }, (tx) =>
      this.credentials.findByUser(tx, principal.userId),
    );
    if (!credential || !(await this.hasher.verify(credential.passwordHash, String(oldPassword))))
      throw new BadRequestException(AUTH_MESSAGES.currentPasswordWrong);
    await this.limiter.succeeded(principal.loginName, client.address);
    const hash = await this.hasher.hash(String(newPassword));
    await this.uow.change(access, async (tx) => {
      await this.credentials.setPassword(tx, principal.userId, hash);
      await this.users.setResetPassword(tx, principal.userId, false);
      await this.sessions.revokeAllOfUser(tx, principal.userId, 'password-change');
      await tx.audit({ action: AUDIT_ACTIONS.passwordChange, target: { type: 'user', id: principal.userId }, client });
      await tx.enqueue('authMail', { kind: 'password-changed', userId: principal.userId });
    });
  }

  /** A password of the breached/common list is refused with its own message (docs/decisions/0072). */
  private async refuseBreached(password: string): Promise<void> {
    const problem = breachedPasswordProblem(password, await loadBreachedPasswords());
    if (problem) throw new BadRequestException(problem);
  }

  /** Sends a reset link when the login name exists and is active; the answer is the same either way. */
  async forgot(loginName: string, client: ClientInfo): Promise<void> {
    const name = loginName.trim().toLowerCase();
    const first = await this.redis.set(`forgot-password:${name}`, '1', 'EX', FORGOT_THROTTLE_SECONDS, 'NX');
    if (first !== 'OK') return;
    const credential = await this.uow.read({ tenantId: null }, (tx) => this.credentials.findByLoginName(tx, name));
    if (!credential) return;
    const scope = { tenantId: credential.tenantId, actor: { type: 'system' as const, id: 'forgot-password' } };
    await this.uow.change(scope, async (tx) => {
      await tx.audit({
        action: AUDIT_ACTIONS.passwordResetRequest,
        target: { type: 'user', id: credential.userId },
        client,
      });
      await tx.enqueue('authMail', { kind: 'password-reset', userId: credential.userId });
    });
  }

  /** Sets a new password from a reset link: once, before it expires; every session of the user ends. */
  async reset(resetToken: string, newPassword: string, confirmPassword: string, client: ClientInfo): Promise<void> {
    const errors = validateChangePassword({ newPassword, confirmPassword });
    const problem = errors.newPassword ?? errors.confirmPassword;
    if (problem) throw new BadRequestException(problem);
    await this.refuseBreached(newPassword);
    const tokenHash = hashResetToken(resetToken);
    // the link carries no tenant: its owner is read in the platform context, then the change runs in its tenant
    const owner = await this.uow.read({ tenantId: null }, (tx) => this.resets.findUsable(tx, tokenHash));
    if (!owner) throw new BadRequestException(AUTH_MESSAGES.resetLinkInvalid);
    const hash = await this.hasher.hash(newPassword);
    const scope = { tenantId: owner.tenantId, actor: { type: 'user' as const, id: owner.userId } };
    const done = await this.uow.change(scope, async (tx) => {
      const consumed = await this.resets.consume(tx, tokenHash);
      if (!consumed || consumed.userId !== owner.userId) return false;
      const user = await this.users.view(tx, consumed.userId);
      if (!user || !user.isActive) return false;
      await this.credentials.setPassword(tx, consumed.userId, hash);
      await this.users.setResetPassword(tx, consumed.userId, false);
      await this.sessions.revokeAllOfUser(tx, consumed.userId, 'password-reset');
      await tx.audit({
        actor: { userId: consumed.userId, loginName: user.loginName },
        action: AUDIT_ACTIONS.passwordReset,
        target: { type: 'user', id: consumed.userId },
        client,
      });
      await tx.enqueue('authMail', { kind: 'password-changed', userId: consumed.userId });
      return true;
    });
    if (!done) throw new BadRequestException(AUTH_MESSAGES.resetLinkInvalid);
  }
}
