import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  PAYMENT_MODE_LABELS,
  PAYMENT_MODES,
  PAYMENT_REFERENCE_MAX,
  type PatientInvoiceSummary,
  type PaymentMode,
} from '@rayworks/contracts';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ApiCallError, describeError } from '../../../api/client';
import { keystrokeHandlers } from '../../../shared/forms/keystroke';
import { MoneyText } from '../../../shared/finance/MoneyText';
import {
  initialLedgerValues,
  isStaleInvoice,
  ledgerErrors,
  needsReason,
  needsReference,
  newIdempotencyKey,
  usesMode,
  type LedgerErrors,
  type LedgerFormValues,
  type LedgerKind,
} from '../hooks/ledger-form';
import { useLedgerChange, useRefreshInvoice } from '../hooks/useInvoices';

const TITLES: Record<LedgerKind, string> = {
  payment: 'Take Payment',
  refund: 'Refund',
  creditNote: 'Issue Credit Note',
};
const SUBMIT: Record<LedgerKind, string> = {
  payment: 'Take Payment',
  refund: 'Refund',
  creditNote: 'Issue Credit Note',
};
const MODE_OPTIONS = PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }));
const amountKeys = keystrokeHandlers({ characters: 'decimal' });

interface Props {
  kind: LedgerKind;
  /** The invoice as the page shows it now (its version goes with the request). */
  invoice: PatientInvoiceSummary;
  onClose: () => void;
}

/**
 * The payment, refund and credit note dialog (docs/decisions/0286): the amount as text (ledger-form.ts), the mode and
 * the reference a mode needs, a reason for a refund or a credit note; one idempotency key for the dialog, sent again
 * with every retry. A refusal stays in the dialog; a stale version says so and reads the invoice again.
 */
export function LedgerDialog({ kind, invoice, onClose }: Props) {
  const [values, setValues] = useState<LedgerFormValues>(() => initialLedgerValues(kind, invoice));
  const [errors, setErrors] = useState<LedgerErrors>({});
  const [idempotencyKey] = useState(newIdempotencyKey);
  const change = useLedgerChange(kind);
  const refresh = useRefreshInvoice(invoice._id);
  const refusal = change.error instanceof ApiCallError && change.error.status === 409 ? change.error.message : null;
  const stale = refusal !== null && isStaleInvoice(refusal);

  const set = (field: keyof LedgerFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = ledgerErrors(kind, invoice, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate({ invoice, values, idempotencyKey }, { onSuccess: onClose });
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={TITLES[kind]}
      centered
      size="md"
      closeOnClickOutside={!change.isPending}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate data-testid={`ledger-form-${kind}`}>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {invoice.number} · {kind === 'refund' ? 'Paid' : 'Balance'}
            </Text>
            <MoneyText
              minor={kind === 'refund' ? invoice.paidMinor : invoice.balanceMinor}
              currency={invoice.currency}
              fw={600}
              testId="ledger-form-limit"
            />
          </Group>
          <TextInput
            label="Amount"
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            value={values.amount}
            onChange={(e) => set('amount', e.currentTarget.value)}
            {...amountKeys}
            error={errors.amount}
            data-autofocus
            data-testid="field-amount"
          />
          {usesMode(kind) ? (
            <Select
              label="Mode"
              withAsterisk
              data={MODE_OPTIONS}
              value={values.mode}
              onChange={(mode) => mode && set('mode', mode as PaymentMode)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="field-mode"
            />
          ) : null}
          {usesMode(kind) ? (
            <TextInput
              label="Reference"
              description="Cheque number, transaction or approval id"
              withAsterisk={needsReference(kind, values.mode)}
              maxLength={PAYMENT_REFERENCE_MAX}
              value={values.reference}
              onChange={(e) => set('reference', e.currentTarget.value)}
              error={errors.reference}
              data-testid="field-reference"
            />
          ) : null}
          {needsReason(kind) ? (
            <Textarea
              label="Reason"
              withAsterisk
              autosize
              minRows={2}
              maxLength={500}
              value={values.reason}
              onChange={(e) => set('reason', e.currentTarget.value)}
              error={errors.reason}
              data-testid="field-reason"
            />
          ) : null}
          {change.isError ? (
            <Alert
              color={stale ? 'orange' : 'red'}
              variant="light"
              icon={<IconAlertCircle size={18} />}
              title={stale ? 'The invoice changed' : 'Not recorded'}
              data-testid="ledger-form-refusal"
              data-stale={stale || undefined}
            >
              <Stack gap="xs" align="flex-start">
                <span>{refusal ?? describeError(change.error)}</span>
                {stale ? (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconRefresh size={14} />}
                    onClick={() => {
                      change.reset();
                      void refresh();
                    }}
                    data-testid="ledger-form-reread"
                  >
                    Read the invoice again
                  </Button>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending} data-testid="ledger-form-submit">
              {SUBMIT[kind]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
