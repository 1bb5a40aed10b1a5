import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { FUSION_INVOICE_MESSAGES, type FusionInvoice } from '@rayworks/contracts';
import { INVOICE_SIDE_LABELS } from '@rayworks/lifecycles';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ApiCallError, describeError } from '../../../api/client';
import { MoneyText } from '../../../shared/finance/MoneyText';
import { keystrokeHandlers } from '../../../shared/forms/keystroke';
import {
  ACTION_DIALOGS,
  actionProblem,
  COMMENT_MAX,
  confirmText,
  REASON_MAX,
  type ActionValues,
  type BarAction,
} from '../hooks/fusion-invoice-actions';
import { useFusionInvoiceAction } from '../hooks/useFusionInvoices';

const amountKeys = keystrokeHandlers({ characters: 'decimal' });
const DESTRUCTIVE = new Set(['REJECT_PAYMENT', 'HOLD']);

/** One action's dialog: a confirmation, an amount, a reason or a comment; a refusal stays in it. */
function ActionDialog({ bar, invoice, onClose }: { bar: BarAction; invoice: FusionInvoice; onClose: () => void }) {
  const dialog = ACTION_DIALOGS[bar.action];
  const [values, setValues] = useState<ActionValues>({ amount: '', text: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const act = useFusionInvoiceAction();
  const refusal = act.error instanceof ApiCallError && act.error.status !== 400 ? describeError(act.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = actionProblem(bar, invoice, values, FUSION_INVOICE_MESSAGES.commentRequired);
    setProblem(found);
    if (found) return;
    act.mutate({ bar, invoice, values }, { onSuccess: onClose });
  };
  const set = (field: keyof ActionValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblem(null);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={bar.label}
      centered
      size="md"
      closeOnClickOutside={!act.isPending}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate data-testid={`fusion-action-form-${bar.action}`}>
        <Stack gap="sm">
          {dialog === 'confirm' ? <Text size="sm">{confirmText(bar, invoice)}</Text> : null}
          {dialog === 'amount' || dialog === 'optionalAmount' ? (
            <>
              <Text size="sm">
                {dialog === 'amount'
                  ? 'Pay all or part of the balance: the hub is asked to confirm the payment.'
                  : 'Confirm what the hub received of the payment request.'}
              </Text>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {dialog === 'amount' ? 'Balance due' : 'Payment request'}
                </Text>
                <MoneyText
                  minor={(dialog === 'amount' ? invoice.balanceMinor : invoice.requestedMinor) ?? 0}
                  currency={invoice.currency}
                  fw={600}
                />
              </Group>
              <TextInput
                label={dialog === 'amount' ? 'Amount paid' : 'Amount received'}
                description={dialog === 'optionalAmount' ? 'Leave empty to confirm the whole request' : undefined}
                withAsterisk={dialog === 'amount'}
                inputMode="decimal"
                autoComplete="off"
                value={values.amount}
                onChange={(e) => set('amount', e.currentTarget.value)}
                {...amountKeys}
                error={problem}
                data-autofocus
                data-testid="field-amount"
              />
            </>
          ) : null}
          {dialog === 'reason' || dialog === 'comment' ? (
            <Textarea
              label={dialog === 'reason' ? 'Reason' : 'Comment'}
              withAsterisk
              autosize
              minRows={3}
              maxLength={dialog === 'reason' ? REASON_MAX : COMMENT_MAX}
              value={values.text}
              onChange={(e) => set('text', e.currentTarget.value)}
              error={problem}
              data-autofocus
              data-testid="field-text"
            />
          ) : null}
          {dialog === 'confirm' && problem ? (
            <Text size="sm" c="red">
              {problem}
            </Text>
          ) : null}
          {bar.action === 'RAISE' && invoice.unpricedLineCount > 0 ? (
            <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />}>
              {FUSION_INVOICE_MESSAGES.unpricedReads(invoice.unpricedLineCount)}
            </Alert>
          ) : null}
          {invoice.sides.length > 1 ? (
            <Text size="xs" c="dimmed">
              As the {INVOICE_SIDE_LABELS[bar.side].toLowerCase()}
            </Text>
          ) : null}
          {act.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="fusion-action-refusal">
              {refusal ?? describeError(act.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={act.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={DESTRUCTIVE.has(bar.action) ? 'red' : undefined}
              loading={act.isPending}
              data-testid="fusion-action-submit"
            >
              {bar.label}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The actions the invoice machine and its table allow this user now (barActions), each with its dialog. */
export function FusionActionBar({ actions, invoice }: { actions: BarAction[]; invoice: FusionInvoice }) {
  const [open, setOpen] = useState<BarAction | null>(null);
  return (
    <>
      <Group gap="xs" data-testid="fusion-action-bar">
        {actions.map((bar) => (
          <Button
            key={bar.action}
            variant={bar.action === 'COMMENT' ? 'default' : DESTRUCTIVE.has(bar.action) ? 'light' : 'filled'}
            color={DESTRUCTIVE.has(bar.action) ? 'red' : undefined}
            onClick={() => setOpen(bar)}
            data-testid={`fusion-action-${bar.action}`}
          >
            {bar.label}
          </Button>
        ))}
      </Group>
      {open ? <ActionDialog bar={open} invoice={invoice} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
