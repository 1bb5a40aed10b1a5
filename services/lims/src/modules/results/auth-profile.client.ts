import { Inject, Injectable } from '@nestjs/common';
import { ApiClient, type Credentials } from '@rayworks/api-client';
import { AUTH_API, type Profile } from '@rayworks/contracts';
import { LIMS_ENV, type LimsEnv } from '../../config/env.js';

/** The caller's own profile (auth's /profile/get with the caller's credentials): name, qualification, signature. */
@Injectable()
export class AuthProfileClient {
  private readonly client: ApiClient;

  /** Where auth answers: SERVICE_URL_AUTH (config/env.ts; by default its local port on the loopback). */
  constructor(@Inject(LIMS_ENV) env: LimsEnv) {
    this.client = new ApiClient({ baseUrl: () => env.SERVICE_URL_AUTH, renewTokens: false });
  }

  get(caller: Credentials): Promise<Profile> {
    return this.client.call(AUTH_API.getProfile, undefined, { session: caller, encrypted: false });
  }
}
