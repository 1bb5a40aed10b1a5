import { Badge } from '@mantine/core';
import { PATIENT_INVOICE_STATUS_LABELS, type PatientInvoiceStatus } from '@rayworks/contracts';

const COLORS: Record<PatientInvoiceStatus, string> = {
  UNPAID: 'red',
  PART_PAID: 'orange',
  PAID: 'teal',
  CANCELLED: 'gray',
};

/** A patient invoice's status (read from its amounts) in the words of libs/contracts. */
export function InvoiceStatusBadge({ status, size = 'sm' }: { status: PatientInvoiceStatus; size?: 'sm' | 'lg' }) {
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      size={size}
      radius="sm"
      data-testid="invoice-status"
      data-status={status}
    >
      {PATIENT_INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
