import { Group, Stack, Text } from '@mantine/core';
import { formatMoney, PAYMENT_PAGE_TEXT, type PublicPaymentLink } from '@rayworks/contracts';
import { formatDisplayDateTime } from '../../../shared/format';

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" data-testid={testId} style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * What the bill is: the centre, the invoice, the patient's first name; while open, until when it can be paid; once
 * paid, how much and when.
 */
export function PaymentSummary({ link }: { link: PublicPaymentLink }) {
  return (
    <Stack gap={8}>
      <Row label={PAYMENT_PAGE_TEXT.centre} value={link.centreName} testId="payment-centre" />
      <Row label={PAYMENT_PAGE_TEXT.invoice} value={link.invoiceNumber} testId="payment-invoice" />
      <Row label={PAYMENT_PAGE_TEXT.patient} value={link.patientName} testId="payment-patient" />
      {link.status === 'OPEN' ? (
        <Row label={PAYMENT_PAGE_TEXT.validUntil} value={formatDisplayDateTime(link.expiresAt)} />
      ) : null}
      {link.status === 'PAID' ? (
        <>
          <Row
            label={PAYMENT_PAGE_TEXT.amount}
            value={formatMoney({ amountMinor: link.amountMinor, currency: link.currency })}
            testId="payment-paid-amount"
          />
          <Row label={PAYMENT_PAGE_TEXT.paidOn} value={formatDisplayDateTime(link.paidAt)} />
        </>
      ) : null}
    </Stack>
  );
}
