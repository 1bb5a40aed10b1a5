import { Module } from '@nestjs/common';
import { CredentialsRepository } from './credentials.repository.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { PasswordHasher } from './password-hasher.js';

/** Login names and password hashes (a platform table), the argon2id hasher and the login rate limits. */
@Module({
  providers: [CredentialsRepository, PasswordHasher, LoginRateLimiter],
  exports: [CredentialsRepository, PasswordHasher, LoginRateLimiter],
})
export class CredentialsModule {}
