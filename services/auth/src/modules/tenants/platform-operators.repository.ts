import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  DEFAULT_ROLE_PRIVILEGES,
  PLATFORM_OPERATOR,
  PLATFORM_OPERATOR_PRIVILEGES,
  ROLE_CODES,
  ROLE_LABELS,
  type PrivilegeGrants,
} from '@rayworks/contracts';
import { typedRows, type ChangeTx } from '@rayworks/nest-kit';

const idRow = z.object({ id: z.string() });

export interface PlatformOperatorInput {
  loginName: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
}

const idTenantIdRow = z.object({ id: z.string(), tenantId: z.string().nullable() });

/**
 * Platform operators' rows (docs/decisions/0085): a user, its role and its login with tenant_id NULL, written in
 * the platform context (the only context whose row-level security lets these rows be seen or written). SQL,
 * because the entities type tenant_id as a company's: these are the only rows without one.
 */
@Injectable()
export class PlatformOperatorsRepository {
  /** The platform's SUPER_ADMIN role (made once): holds the PLATFORM module only. */
  ensureRole(tx: ChangeTx): Promise<string> {
    return this.ensurePlatformRole(tx, {
      name: PLATFORM_OPERATOR.label,
      code: PLATFORM_OPERATOR.roleCode,
      description: 'Onboards, suspends and resumes companies; reads operational data',
      privileges: PLATFORM_OPERATOR_PRIVILEGES,
    });
  }

  /**
   * The platform's MARKETPLACE_RADIOLOGIST role (made once; docs/decisions/0147-marketplace-offers.md): the
   * marketplace radiologist's default privileges (worklist reading, templates, profile), of no company.
   */
  ensureMarketplaceRole(tx: ChangeTx): Promise<string> {
    return this.ensurePlatformRole(tx, {
      name: ROLE_LABELS[ROLE_CODES.MARKETPLACE_RADIOLOGIST],
      code: ROLE_CODES.MARKETPLACE_RADIOLOGIST,
      description: "Reads cases companies offer to the platform's marketplace",
      privileges: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.MARKETPLACE_RADIOLOGIST],
    });
  }

  private async ensurePlatformRole(
    tx: ChangeTx,
    role: { name: string; code: string; description: string; privileges: PrivilegeGrants },
  ): Promise<string> {
    const [found] = await typedRows(
      tx.manager,
      idRow,
      `SELECT id FROM roles WHERE tenant_id IS NULL AND role_code = :code`,
      { code: role.code },
    );
    if (found) return found.id;
    const [made] = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO roles (tenant_id, name, role_code, description, privileges, is_system)
       VALUES (NULL, :name, :code, :description, :privileges, true) RETURNING id`,
      { name: role.name, code: role.code, description: role.description, privileges: JSON.stringify(role.privileges) },
    );
    return made!.id;
  }

  /**
   * Makes the operator unless its login name exists (idempotent); returns its user id and whether it was made now, or
   * null if the login name is a company's user's.
   */
  async ensure(
    tx: ChangeTx,
    operator: PlatformOperatorInput,
    kind: 'operator' | 'marketplace' = 'operator',
  ): Promise<{ id: string; created: boolean } | null> {
    const loginName = operator.loginName.toLowerCase();
    const [existing] = await typedRows(
      tx.manager,
      idTenantIdRow,
      `SELECT user_id AS id, tenant_id AS "tenantId" FROM credentials WHERE login_name = :loginName`,
      { loginName },
    );
    if (existing) return existing.tenantId === null ? { id: existing.id, created: false } : null;
    const roleId = kind === 'marketplace' ? await this.ensureMarketplaceRole(tx) : await this.ensureRole(tx);
    const [user] = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO users (tenant_id, login_name, first_name, last_name, email, role_id, reset_password)
       VALUES (NULL, :loginName, :firstName, :lastName, :email, :roleId, false) RETURNING id`,
      { loginName, firstName: operator.firstName, lastName: operator.lastName, email: operator.email, roleId },
    );
    await tx.manager.query(
      `INSERT INTO credentials (login_name, user_id, tenant_id, password_hash, password_changed_at)
       VALUES ($1, $2, NULL, $3, now())`,
      [loginName, user!.id, operator.passwordHash],
    );
    return { id: user!.id, created: true };
  }
}
