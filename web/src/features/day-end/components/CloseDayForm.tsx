import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { CLOSING_RESULT_LABELS, formatMoney, money, type DayClosing } from '@rayworks/contracts';
import type { CurrencyCode } from '@rayworks/validation';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ApiCallError, describeError } from '../../../api/client';
import { formatCentreDate } from '../../../shared/finance/centre-date';
import { MoneyText } from '../../../shared/finance/MoneyText';
import { keystrokeHandlers } from '../../../shared/forms/keystroke';
import { ConfirmModal } from '../../../shared/ui/ConfirmModal';
import {
  closeDayBody,
  closeDayErrors,
  closingPreview,
  NOTE_MAX,
  RESULT_COLORS,
  type CloseDayValues,
} from '../hooks/day-end-form';
import { useCloseDay } from '../hooks/useDayEnd';

const amountKeys = keystrokeHandlers({ characters: 'decimal' });

interface Props {
  centreId: string;
  /** The centre's date closed (as the day's report or the desk's collection answered it). */
  date: string;
  currency: CurrencyCode;
  /** The day's expected cash for those who see the figures; null: the desk counts blind (decision 0278). */
  expectedCashMinor: number | null;
  onClosed: (closing: DayClosing) => void;
}

/**
 * Close the day with the cash counted in the drawer (/finance/dayend/close). Those who see the day's figures see the
 * difference the closing will record as they type; the desk counts blind and learns it from the closing.
 */
export function CloseDayForm({ centreId, date, currency, expectedCashMinor, onClosed }: Props) {
  const [values, setValues] = useState<CloseDayValues>({ counted: '', note: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof CloseDayValues, string>>>({});
  const close = useCloseDay();
  const [confirming, setConfirming] = useState(false);
  const preview = expectedCashMinor === null ? null : closingPreview(values.counted, expectedCashMinor, currency);
  const refusal = close.error instanceof ApiCallError && close.error.status === 409 ? close.error.message : null;

  const set = (field: keyof CloseDayValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = closeDayErrors(values, currency);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setConfirming(true);
  };
  const body = confirming ? closeDayBody(centreId, date, values, currency) : null;

  return (
    <Paper withBorder radius="md" p="lg" data-testid="close-day">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="md">
            Close the day {formatCentreDate(date)}
          </Title>
          <Text size="sm" c="dimmed">
            Count the cash in the drawer and enter it. A day is closed once; payments taken later still count in it.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Counted cash"
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              value={values.counted}
              onChange={(e) => set('counted', e.currentTarget.value)}
              {...amountKeys}
              error={errors.counted}
              w={200}
              data-testid="field-counted"
            />
            <Textarea
              label="Note"
              autosize
              minRows={1}
              maxLength={NOTE_MAX}
              value={values.note}
              onChange={(e) => set('note', e.currentTarget.value)}
              error={errors.note}
              style={{ flex: '1 1 240px' }}
              data-testid="field-note"
            />
          </Group>
          {expectedCashMinor !== null ? (
            <Group gap="lg" data-testid="close-day-preview">
              <Text size="sm">
                Expected cash <MoneyText minor={expectedCashMinor} currency={currency} fw={600} />
              </Text>
              {preview ? (
                <Text size="sm" c={RESULT_COLORS[preview.result]}>
                  Difference <MoneyText minor={preview.differenceMinor} currency={currency} fw={700} />{' '}
                  {CLOSING_RESULT_LABELS[preview.result]}
                </Text>
              ) : null}
            </Group>
          ) : null}
          {close.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="close-day-refusal">
              {refusal ?? describeError(close.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button
              type="submit"
              color="dark"
              leftSection={<IconLock size={16} />}
              loading={close.isPending}
              data-testid="close-day-submit"
            >
              Close the Day
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmModal
        opened={body !== null}
        onClose={() => setConfirming(false)}
        title="Close the day"
        text={
          body
            ? `Close the day ${formatCentreDate(date)} with ${formatMoney(money(body.countedCashMinor, currency))} counted? A day is closed only once.`
            : ''
        }
        confirmLabel="Close the Day"
        confirmColor="dark"
        pending={close.isPending}
        onConfirm={() =>
          body &&
          close.mutate(body, {
            onSuccess: ({ data }) => onClosed(data),
            onSettled: () => setConfirming(false),
          })
        }
        confirmTestId="close-day-confirm"
      />
    </Paper>
  );
}
