import { Column, Entity } from 'typeorm';
import { TenantRow } from '@rayworks/nest-kit';
import type { AnalyzerResult, AnalyzerResultReason, AnalyzerResultStatus } from '@rayworks/contracts';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** lims.analyzer_results: one result an analyzer sent, and what became of it (docs/decisions/0303). */
@Entity({ name: 'analyzer_results' })
export class AnalyzerResultEntity extends TenantRow {
  @Column({ name: 'analyzer_id', type: 'uuid' })
  analyzerId!: string;

  /** The analyzer's centre (and group) when the result was stored: who reaches it (docs/decisions/0373). */
  @Column({ name: 'centre_id', type: 'uuid', nullable: true })
  centreId!: string | null;

  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId!: string | null;

  @Column({ name: 'message_id', type: 'uuid' })
  messageId!: string;

  @Column({ type: 'integer' })
  seq!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: AnalyzerResultStatus;

  @Column({ type: 'varchar', length: 32, nullable: true })
  reason!: AnalyzerResultReason | null;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ type: 'text' })
  barcode!: string;

  @Column({ name: 'analyzer_code', type: 'text' })
  analyzerCode!: string;

  @Column({ name: 'sample_id', type: 'uuid', nullable: true })
  sampleId!: string | null;

  @Column({ name: 'lab_order_id', type: 'uuid', nullable: true })
  labOrderId!: string | null;

  @Column({ name: 'test_code', type: 'text', nullable: true })
  testCode!: string | null;

  @Column({ name: 'parameter_code', type: 'text', nullable: true })
  parameterCode!: string | null;

  @Column({ type: 'text' })
  value!: string;

  @Column({ type: 'text', nullable: true })
  unit!: string | null;

  @Column({ type: 'text', nullable: true })
  flags!: string | null;

  @Column({ name: 'observed_at', type: 'timestamptz', nullable: true })
  observedAt!: Date | null;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ name: 'resolved_by', type: 'uuid', nullable: true })
  resolvedBy!: string | null;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;

  toResult(analyzerName: string): AnalyzerResult {
    return {
      _id: this.id,
      analyzerId: this.analyzerId,
      analyzerName,
      centreId: this.centreId,
      messageId: this.messageId,
      status: this.status,
      reason: this.reason,
      note: this.note,
      barcode: this.barcode,
      analyzerCode: this.analyzerCode,
      sampleId: this.sampleId,
      labOrderId: this.labOrderId,
      testCode: this.testCode,
      parameterCode: this.parameterCode,
      value: this.value,
      unit: this.unit,
      flags: this.flags,
      observedAt: iso(this.observedAt),
      receivedAt: this.receivedAt.toISOString(),
      resolvedAt: iso(this.resolvedAt),
    };
  }
}
