import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { AUTH_JWKS_PATH } from '@rayworks/contracts';
import { AccessTokens, Public } from '@rayworks/nest-kit';

/**
 * The public keys of the access tokens as a JSON Web Key Set: every other process fetches them (nest-kit
 * verifierTokenKeys) and picks the key by the token's `kid`, so a new key can sign while the previous one still
 * verifies (docs/decisions/0060-asymmetric-access-tokens.md). Not an API envelope: the standard document.
 */
@ApiTags('sessions')
@Controller()
export class JwksController {
  constructor(@Inject(AccessTokens) private readonly tokens: AccessTokens) {}

  @Get(AUTH_JWKS_PATH)
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'The public keys of the access tokens (JWKS, RFC 7517)' })
  @ApiOkResponse({ description: 'A JSON Web Key Set of Ed25519 public keys, each with its kid' })
  @ApiServiceUnavailableResponse({ description: 'Through the gateway: the auth service is not answering' })
  jwks() {
    return this.tokens.publicKeys ?? { keys: [] };
  }
}
