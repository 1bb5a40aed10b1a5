import { Button, Divider, Group, Kbd, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES_NEEDING_REFERENCE,
  type InvoiceTotals,
  type PaymentMode,
} from '@rayworks/contracts';
import { keystrokeHandlers } from '../../../shared/forms/keystroke';
import { rupees, rupeesExact, totalAsText, type DeskPayment, type DeskProblems } from '../hooks/desk-form';
import classes from './RegistrationDesk.module.css';

/** The modes the desk takes in person (an online payment comes through the patient's payment link). */
export const DESK_MODES: readonly PaymentMode[] = ['CASH', 'CARD', 'UPI', 'CHEQUE', 'CREDIT'];
const amountKeys = keystrokeHandlers({ characters: 'decimal' });

function Row({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} className={classes.total} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The visit's total and the payment taken with it (an empty amount: the patient pays later). */
export function PaymentPanel({
  totals,
  payment,
  problems,
  saving,
  canSubmit,
  onChange,
  onSubmit,
}: {
  totals: InvoiceTotals | undefined;
  payment: DeskPayment;
  problems: DeskProblems;
  saving: boolean;
  canSubmit: boolean;
  onChange: (payment: DeskPayment) => void;
  onSubmit: () => void;
}) {
  const taxed = totals && (totals.cgstExact !== '0.00' || totals.sgstExact !== '0.00' || totals.igstExact !== '0.00');
  const paying = payment.amount.trim() !== '';
  return (
    <Stack gap="sm">
      <Stack gap={4} data-testid="desk-totals">
        <Row label="Gross" value={totals ? rupees(totals.grossMinor) : '—'} testId="desk-gross" />
        <Row label="Discount" value={totals ? rupeesExact(totals.discountExact) : '—'} testId="desk-discount" />
        {taxed ? (
          <>
            <Row label="CGST" value={rupeesExact(totals.cgstExact)} />
            <Row label="SGST" value={rupeesExact(totals.sgstExact)} />
            <Row label="IGST" value={rupeesExact(totals.igstExact)} />
          </>
        ) : null}
        <Divider my={4} />
        <Row label="Total" value={totals ? rupees(totals.totalMinor) : '—'} testId="desk-total" strong />
      </Stack>
      <SegmentedControl
        fullWidth
        size="xs"
        value={payment.mode}
        onChange={(mode) => onChange({ ...payment, mode: mode as PaymentMode })}
        data={DESK_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m].replace(' (corporate)', '') }))}
        aria-label="Payment mode"
        data-testid="desk-payment-mode"
      />
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label="Amount received"
          value={payment.amount}
          onChange={(e) => onChange({ ...payment, amount: e.currentTarget.value })}
          {...amountKeys}
          inputMode="decimal"
          leftSection="₹"
          placeholder="Pay later"
          error={problems.amount}
          autoComplete="off"
          data-testid="desk-payment-amount"
        />
        <Button
          mt={25}
          variant="default"
          disabled={!totals}
          onClick={() => totals && onChange({ ...payment, amount: totalAsText(totals) })}
          data-testid="desk-payment-full"
        >
          Full
        </Button>
      </Group>
      {paying ? (
        <TextInput
          label="Reference"
          withAsterisk={PAYMENT_MODES_NEEDING_REFERENCE.includes(payment.mode)}
          value={payment.reference}
          onChange={(e) => onChange({ ...payment, reference: e.currentTarget.value })}
          placeholder={payment.mode === 'CHEQUE' ? 'Cheque number' : 'Transaction id, approval code'}
          error={problems.reference}
          maxLength={100}
          autoComplete="off"
          data-testid="desk-payment-reference"
        />
      ) : null}
      <Button
        size="md"
        onClick={onSubmit}
        loading={saving}
        disabled={!canSubmit}
        rightSection={
          <Kbd size="xs" visibleFrom="sm">
            Ctrl ↵
          </Kbd>
        }
        data-testid="desk-register"
      >
        {paying ? 'Register and take payment' : 'Register (pay later)'}
      </Button>
    </Stack>
  );
}
