import { Badge } from '@mantine/core';
import { FUSION_INVOICE_NOT_RAISED_LABEL, type InvoiceStatus } from '@rayworks/contracts';

const COLORS: Record<InvoiceStatus, string> = {
  'INVOICE RAISED': 'blue',
  'AWAITING PAYMENT CONFIRMATION': 'orange',
  'PAYMENT RE-REQUESTED': 'red',
  'PARTIALLY PAID': 'yellow',
  'INVOICE ON HOLD': 'gray',
  COMPLETED: 'teal',
};

/** A fusion invoice's status word for word (spec §4), or 'NOT RAISED' while its month gathers reads. */
export function FusionStatusBadge({
  status,
  size = 'sm',
  testId = 'fusion-invoice-status',
}: {
  status: InvoiceStatus | null;
  size?: 'sm' | 'lg';
  testId?: string;
}) {
  return (
    <Badge
      color={status ? COLORS[status] : 'gray'}
      variant={status ? 'light' : 'outline'}
      size={size}
      radius="sm"
      data-testid={testId}
      data-status={status ?? FUSION_INVOICE_NOT_RAISED_LABEL}
    >
      {status ?? FUSION_INVOICE_NOT_RAISED_LABEL}
    </Badge>
  );
}
