import { describe, expect, it } from '@jest/globals';
import { BadRequestException, ForbiddenException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { AUTH_MESSAGES } from '@rayworks/contracts';
import { messageOf } from './api-exception.filter.js';
import { SessionExpiredException } from './auth.errors.js';

describe('error messages', () => {
  it("replaces Nest's defaults with the product's words and keeps our own", () => {
    expect(messageOf(new ForbiddenException())).toBe(AUTH_MESSAGES.forbidden);
    expect(messageOf(new ForbiddenException('Forbidden resource'))).toBe(AUTH_MESSAGES.forbidden);
    expect(messageOf(new NotFoundException('Cannot POST /nope'))).toBe(AUTH_MESSAGES.notFound);
    expect(messageOf(new UnauthorizedException())).toBe(AUTH_MESSAGES.unauthorized);
    expect(messageOf(new SessionExpiredException())).toBe(AUTH_MESSAGES.sessionExpired);
    expect(messageOf(new BadRequestException(['first', 'second']))).toBe('first');
    expect(messageOf(new BadRequestException('New Passwords must match'))).toBe('New Passwords must match');
  });
});
