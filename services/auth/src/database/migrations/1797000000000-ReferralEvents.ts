import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Referrals made before auth published ReferralChanged reach billing's read model too: one ReferralChanged per
 * existing referral is written to the outbox (the relay publishes it like any other; the topic is compacted, so the
 * last event of each referral stays). The envelope is the one OutboxPublisher writes, from the system.
 */
export class ReferralEvents1797000000000 implements MigrationInterface {
  name = 'ReferralEvents1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      INSERT INTO auth.outbox (event_id, topic, message_key, envelope)
      SELECT e.id, 'auth.referral.v1', r.id::text, jsonb_build_object(
        'id', e.id, 'type', 'ReferralChanged', 'version', 1, 'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'tenantId', r.tenant_id, 'actor', jsonb_build_object('type', 'system', 'id', 'auth-migration'),
        'correlationId', 'auth-migration-' || e.id, 'causationId', null,
        'payload', jsonb_build_object(
          'id', r.id, 'name', r.name, 'providerType', r.provider_type, 'hospitalName', r.hospital_name,
          'commissionBasisPoints', r.commission_basis_points, 'isActive', r.is_active,
          'ownerGroupId', r.owner_group_id, 'ownerCentreId', r.owner_centre_id))
      FROM auth.referrals r CROSS JOIN LATERAL (SELECT gen_random_uuid() AS id) e`);
  }

  async down(): Promise<void> {
    // events once published are not taken back
  }
}
