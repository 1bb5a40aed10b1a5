import { Injectable, type OnModuleInit } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum recommended cost (19 MiB, 2 iterations, 1 lane). A hash made with other
 * parameters still verifies (they are in the hash string).
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  static readonly OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
  private dummy?: Promise<string>;

  /** Makes the dummy hash at start, so the first unknown login name is not slower than the others. */
  async onModuleInit(): Promise<void> {
    this.dummy ??= this.hash(`dummy-${Math.random()}`);
    await this.dummy;
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, PasswordHasher.OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) {
      await this.burn(password);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Spends the time of one verification, so an unknown login name answers as slowly as a wrong password. */
  async burn(password: string): Promise<void> {
    this.dummy ??= this.hash(`dummy-${Math.random()}`);
    await argon2.verify(await this.dummy, password).catch(() => false);
  }
}
