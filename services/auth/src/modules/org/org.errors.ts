import { BadRequestException, NotFoundException } from '@nestjs/common';
import { AUTH_MESSAGES } from '@rayworks/contracts';

/** Messages of the organisation calls (designed here; the specification gives none). */
export const ORG_MESSAGES = {
  groupCodeTaken: 'A group with this code already exists',
  centreCodeTaken: 'A center with this code already exists',
  groupNotFound: 'Group not found',
  centreNotFound: 'Center not found',
  groupInactive: 'The group is inactive',
  onlyTenantMovesCentres: 'Only a platform administrator can move a center to another group',
} as const;

export const notFound = (message: string = AUTH_MESSAGES.notFound) => new NotFoundException(message);
export const badRequest = (message: string) => new BadRequestException(message);
