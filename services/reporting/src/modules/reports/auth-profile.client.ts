import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { ApiClient, type Credentials } from '@rayworks/api-client';
import { AUTH_API, SERVICE_PORTS, type Profile } from '@rayworks/contracts';

/** Where the auth service answers (SERVICE_URL_AUTH; by default its local port on the loopback). */
export const authUrlOf = (env: Record<string, string | undefined> = process.env): string =>
  z
    .url()
    .default(`http://127.0.0.1:${SERVICE_PORTS.auth}`)
    .parse(env.SERVICE_URL_AUTH || undefined)
    .replace(/\/+$/, '');

/** The caller's own profile (auth's /profile/get with the caller's credentials): name, qualification, signature. */
@Injectable()
export class AuthProfileClient {
  private readonly client = new ApiClient({ baseUrl: () => authUrlOf(), renewTokens: false });

  get(caller: Credentials): Promise<Profile> {
    return this.client.call(AUTH_API.getProfile, undefined, { session: caller, encrypted: false });
  }
}
