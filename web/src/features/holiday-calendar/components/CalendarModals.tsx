import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BILLING_API, HOLIDAY_FIELDS as F, type Centre, type CentreBillingSettings } from '@rayworks/contracts';
import type { z } from 'zod';
import { DateField } from '../../../shared/forms/DateField';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { RemoteMultiSelect } from '../../../shared/forms/RemoteSelect';
import { useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { centreOption, fetchCentresPage } from '../../../shared/directory/useCenters';
import {
  CLOCK_LABELS,
  clockErrors,
  clockValues,
  holidayBody,
  holidayValues,
  type ClockValues,
  type HolidayValues,
} from '../hooks/calendar-form';
import { useAddHoliday, useSaveClock } from '../hooks/useCalendar';

type HolidayBody = z.output<typeof BILLING_API.createHoliday.body>;

function Actions({
  saving,
  label,
  onCancel,
  testId,
}: {
  saving: boolean;
  label: string;
  onCancel: () => void;
  testId: string;
}) {
  return (
    <Group justify="flex-end" gap="sm" mt="sm">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}

/**
 * Add a holiday to one or more centres' calendars: a visit on that local date is billed at the holiday price. A
 * centre that has one on that date already answers 409 naming it (the error catalogue's toast).
 */
export function HolidayModal({
  centre,
  listCentres,
  onClose,
}: {
  centre: { value: string; label: string } | null;
  /** The user may list centres (else only the chosen one is offered). */
  listCentres: boolean;
  onClose: () => void;
}) {
  const { form, onSubmit } = useDynamicForm<HolidayValues, HolidayBody>({
    fields: Object.values(F),
    initialValues: holidayValues(centre?.value ?? null),
    bodySchema: BILLING_API.createHoliday.body,
    toBody: holidayBody,
  });
  const add = useAddHoliday(onClose);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onClose}
      title="Add Holiday"
      centered
      data-testid="holiday-modal"
    >
      <form noValidate onSubmit={onSubmit((_body, values) => add.mutate(values))} data-testid="holiday-form">
        <Stack gap="sm">
          <DateField field={F.date} form={form} />
          <DynamicField field={F.name} form={form} placeholder="e.g. Republic Day" autoFocus />
          {listCentres ? (
            <RemoteMultiSelect<Centre>
              label={F.centreIds.label}
              withAsterisk
              kind="centres"
              fetchPage={fetchCentresPage}
              filter={(c) => c.isActive && !c.isFusion}
              toOption={centreOption}
              known={centre ? [centre] : []}
              value={form.values.centreIds}
              onChange={(ids) => form.setFieldValue('centreIds', ids)}
              error={form.errors.centreIds}
              testId="field-centreIds"
            />
          ) : (
            <Text size="sm" c="dimmed">
              For {centre?.label ?? 'your centre'}
            </Text>
          )}
          <Actions saving={add.isPending} label="Add Holiday" onCancel={onClose} testId="holiday-submit" />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The centre's clock and tax: the time zone its calendar is read in, the night window (night prices; a window across
 * midnight ends the next day) and its GST state code and rate. The roles' discount limits are kept as they are.
 */
export function ClockModal({ settings, onClose }: { settings: CentreBillingSettings; onClose: () => void }) {
  const form = useForm<ClockValues>({
    mode: 'controlled',
    initialValues: clockValues(settings),
    validateInputOnBlur: true,
    validate: (v) => clockErrors(settings, v),
  });
  const save = useSaveClock(settings, onClose);
  const input = (field: keyof typeof CLOCK_LABELS) => ({
    ...form.getInputProps(field),
    label: CLOCK_LABELS[field],
    'data-testid': `field-${field}`,
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened
      onClose={onClose}
      title="Billing Clock and Tax"
      centered
      data-testid="clock-modal"
    >
      <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v))} data-testid="clock-form">
        <Stack gap="sm">
          <TextInput {...input('timeZone')} withAsterisk description="IANA name, e.g. Asia/Kolkata" />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput {...input('nightStart')} type="time" />
            <TextInput {...input('nightEnd')} type="time" />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Visits in the night window are billed at the night price; leave both empty for none.
          </Text>
          <SimpleGrid cols={2} spacing="sm">
            <TextInput {...input('taxStateCode')} maxLength={2} inputMode="numeric" description="GST state, 2 digits" />
            <TextInput {...input('taxRatePercent')} inputMode="decimal" description="For taxable items" />
          </SimpleGrid>
          <Actions saving={save.isPending} label="Save" onCancel={onClose} testId="clock-submit" />
        </Stack>
      </form>
    </Modal>
  );
}
