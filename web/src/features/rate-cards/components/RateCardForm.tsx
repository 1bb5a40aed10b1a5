import { ActionIcon, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  AUTH_API,
  RATE_CARD_FIELDS as F,
  rateCardInputSchema,
  type RateCard,
  type Referral,
} from '@rayworks/contracts';
import { RATE_CARD_PRICE_LABELS, type RateCardPriceField } from '@rayworks/validation';
import { IconTrash } from '@tabler/icons-react';
import { pageFetcher } from '../../../api/queries';
import { itemValue } from '../../../shared/catalogue/catalogue-items';
import { CatalogueItemSelect } from '../../../shared/catalogue/CatalogueItemSelect';
import { DateField } from '../../../shared/forms/DateField';
import { DynamicField } from '../../../shared/forms/DynamicField';
import { keystrokeHandlers } from '../../../shared/forms/keystroke';
import { RemoteSelect } from '../../../shared/forms/RemoteSelect';
import { useDynamicForm } from '../../../shared/forms/useDynamicForm';
import { FormCard, FormSection } from '../../../shared/ui/FormCard';
import {
  newPriceRow,
  priceFieldPath,
  pricedItems,
  RATE_CARD_CLIENTS,
  rateCardBody,
  rateCardExtraChecks,
  rateCardValues,
  REFERRAL_LABEL,
  type CheckedRateCard,
  type RateCardBody,
  type RateCardClient,
  type RateCardValues,
} from '../hooks/rate-card-form';

const fetchReferrals = pageFetcher<Referral>(AUTH_API.findReferrals);
const PRICE_FIELDS = Object.keys(RATE_CARD_PRICE_LABELS) as RateCardPriceField[];
const amountKeys = keystrokeHandlers({ characters: 'decimal' });

/** Add or edit a rate card: name, client, validity and a price row per test or package (amounts typed as text). */
export function RateCardForm({
  card,
  today,
  saving,
  onSave,
  cancelTo,
}: {
  card?: RateCard;
  today: string;
  saving: boolean;
  onSave: (body: RateCardBody) => void;
  cancelTo: string;
}) {
  const { form, onSubmit } = useDynamicForm<RateCardValues, CheckedRateCard>({
    fields: Object.values(F),
    initialValues: rateCardValues(card, today),
    extraValidate: rateCardExtraChecks,
    bodySchema: rateCardInputSchema,
    toBody: rateCardBody,
  });
  const rows = form.values.prices;
  return (
    <FormCard
      testId="rate-card-form"
      // the contract's checked output holds paise; the request carries the typed text, which the server reads again
      onSubmit={onSubmit((_checked, values) => onSave(rateCardBody(values)))}
      submitLabel={card ? 'Save Rate Card' : 'Add Rate Card'}
      saving={saving}
      cancelTo={cancelTo}
    >
      <FormSection title="Rate Card">
        <DynamicField field={F.name} form={form} autoFocus={!card} />
        <Select
          label="Priced for"
          value={form.values.client}
          onChange={(value) => value && form.setFieldValue('client', value as RateCardClient)}
          data={RATE_CARD_CLIENTS.map((c) => ({ value: c.value, label: c.label }))}
          allowDeselect={false}
          data-testid="field-client"
        />
        {form.values.client === 'referral' ? (
          <RemoteSelect<Referral>
            label={REFERRAL_LABEL}
            kind="referrals"
            withAsterisk
            fetchPage={fetchReferrals}
            filter={(r) => r.isActive}
            toOption={(r) => ({ value: r._id, label: r.hospitalName ? `${r.name} (${r.hospitalName})` : r.name })}
            value={form.values.referralId}
            onChange={(value) => form.setFieldValue('referralId', value)}
            error={form.errors.referralId}
            testId="field-referralId"
          />
        ) : null}
        {form.values.client === 'corporate' ? (
          <DynamicField field={{ ...F.corporateClient, mandatory: true }} form={form} />
        ) : null}
        <DateField field={F.validFrom} form={form} />
        <DateField field={F.validTo} form={form} min={form.values.validFrom || undefined} description="Empty: open" />
      </FormSection>

      <Stack gap="sm">
        <div>
          <Text fw={700} fz="md" component="h2" m={0}>
            Prices
          </Text>
          <Text size="sm" c="dimmed">
            In rupees, 0 to 100000 each. The holiday and night prices apply on the centre's calendar; the processing fee
            is part of the price and below it.
          </Text>
        </div>
        <CatalogueItemSelect
          label="Add a test or package"
          taken={pricedItems(rows)}
          onPick={(item) => {
            if (!pricedItems(form.getValues().prices).has(itemValue(item)))
              form.insertListItem('prices', newPriceRow(item));
          }}
          testId="rate-card-add-item"
        />
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="rate-card-no-prices">
            No prices yet: add the tests and packages this card prices.
          </Text>
        ) : (
          <Stack gap="xs" data-testid="rate-card-prices">
            {rows.map((row, index) => (
              <Paper key={`${row.kind}:${row.code}`} withBorder radius="sm" p="sm" data-testid="rate-card-price-row">
                <Group justify="space-between" wrap="nowrap" mb={6}>
                  <Text size="sm" fw={600} truncate>
                    {row.code} · {row.name}
                    <Text span size="xs" c="dimmed" ml={6}>
                      {row.kind === 'PACKAGE' ? 'Package' : 'Test'}
                    </Text>
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${row.code}`}
                    onClick={() => form.removeListItem('prices', index)}
                    data-testid={`rate-card-remove-${row.code}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
                  {PRICE_FIELDS.map((field) => (
                    <TextInput
                      key={field}
                      {...form.getInputProps(priceFieldPath(index, field))}
                      {...amountKeys}
                      label={RATE_CARD_PRICE_LABELS[field]}
                      withAsterisk={field !== 'processingFee'}
                      inputMode="decimal"
                      leftSection="₹"
                      autoComplete="off"
                      data-testid={`price-${row.code}-${field}`}
                    />
                  ))}
                </SimpleGrid>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </FormCard>
  );
}
