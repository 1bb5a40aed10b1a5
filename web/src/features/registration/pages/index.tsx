import { Alert, Box, Grid, Group, Kbd, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { AUTH_API, PROVIDER_KINDS, type Patient, type ProviderKind, type Referral } from '@rayworks/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { describeError } from '../../../api/client';
import { pageFetcher } from '../../../api/queries';
import { itemValue } from '../../../shared/catalogue/catalogue-items';
import { CatalogueItemSelect } from '../../../shared/catalogue/CatalogueItemSelect';
import { RemoteSelect } from '../../../shared/forms/RemoteSelect';
import { AddPatientModal } from '../../../shared/patients/PatientModals';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { OrderedItems, PriceKindNotice } from '../components/OrderedItems';
import { PatientPicker } from '../components/PatientPicker';
import { PaymentPanel } from '../components/PaymentPanel';
import { RegisteredPanel } from '../components/RegisteredPanel';
import classes from '../components/RegistrationDesk.module.css';
import {
  deskProblems,
  deskTotals,
  discountsNeedingApproval,
  emptyDesk,
  hasProblems,
  priceKindNotice,
  registrationBody,
  type DeskState,
} from '../hooks/desk-form';
import {
  newRequestKey,
  useDiscountLimit,
  usePresetPatient,
  usePricePreview,
  useRegister,
  type Registered,
} from '../hooks/useDesk';

const fetchReferrals = pageFetcher<Referral>(AUTH_API.findReferrals);

function Step({ n, title, children, aside }: { n: number; title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="md" style={{ display: 'flex', alignItems: 'center' }}>
          <span className={classes.step}>{n}</span>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

/**
 * /patients/registration: the front desk, for a queue — find or add the patient as you type, add tests and packages
 * by code or name, see the price the centre's calendar gives now (holiday or night named), take the payment and
 * register in one step; then print the receipt and go on to the next patient. Keyboard: Alt+P the patient, Alt+T a
 * test, Ctrl+Enter register, Alt+N the next patient.
 */
export function RegistrationPage() {
  // undefined: not chosen at the desk yet, so the patient the address names (?patient=, from their details page)
  const [picked, setPicked] = useState<Patient | null | undefined>(undefined);
  const preset = usePresetPatient();
  const patient = picked === undefined ? (preset ?? null) : picked;
  const setPatient = setPicked;
  const [desk, setDesk] = useState<DeskState>(emptyDesk);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [adding, setAdding] = useState(false);
  const [registered, setRegistered] = useState<Registered | null>(null);
  const [tried, setTried] = useState(false);
  const patientRef = useRef<HTMLInputElement>(null);
  const itemRef = useRef<HTMLInputElement>(null);

  const centreId = patient?.centreId ?? null;
  const preview = usePricePreview(centreId, desk.referralId, desk.items);
  const limit = useDiscountLimit(centreId);
  const quote = desk.items.length > 0 ? preview.data?.quote : undefined;
  const computed = quote ? deskTotals(quote, desk.items) : null;
  const totals = computed && !('error' in computed) ? computed : undefined;
  const problems = deskProblems(desk, computed, quote ?? null);
  const approval = quote ? discountsNeedingApproval(quote, desk.items, limit) : [];
  const register = useRegister((result) => setRegistered(result));

  const focusLater = (ref: typeof patientRef) => setTimeout(() => ref.current?.focus(), 0);
  const next = () => {
    setPatient(null);
    setDesk(emptyDesk());
    setRegistered(null);
    setTried(false);
    setRequestKey(newRequestKey());
    register.reset();
    focusLater(patientRef);
  };
  const pickPatient = (p: Patient) => {
    setPatient(p);
    focusLater(itemRef);
  };
  const canSubmit = Boolean(patient && quote && !preview.isFetching && !registered);
  const submit = () => {
    setTried(true);
    if (!patient || !canSubmit || hasProblems(problems)) return;
    register.mutate(registrationBody(desk, { centreId: patient.centreId, patientId: patient._id, requestKey }));
  };

  useHotkeys(
    [
      [
        'alt+P',
        () => {
          if (!registered) setPatient(null);
          focusLater(patientRef);
        },
      ],
      ['alt+T', () => itemRef.current?.focus()],
      ['mod+Enter', submit],
      ['alt+N', next],
    ],
    [],
  );

  const shown = tried
    ? problems
    : {
        discounts: problems.discounts,
        amount: problems.amount,
        reference: problems.reference,
        repeated: problems.repeated,
      };
  return (
    <>
      <PageHeader
        title="Registration"
        description={
          <>
            Find or add the patient, add tests by code, take the payment.{' '}
            <Box component="span" visibleFrom="sm">
              <Kbd size="xs">Alt P</Kbd> patient · <Kbd size="xs">Alt T</Kbd> test · <Kbd size="xs">Ctrl ↵</Kbd>{' '}
              register · <Kbd size="xs">Alt N</Kbd> next
            </Box>
          </>
        }
      />
      {registered ? (
        <Stack mb="md">
          <RegisteredPanel result={registered} onNext={next} />
        </Stack>
      ) : null}
      <Grid gap="md" data-testid="registration-desk">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="md">
            <Step n={1} title="Patient">
              <PatientPicker
                patient={patient}
                onPick={pickPatient}
                onClear={() => {
                  setPatient(null);
                  focusLater(patientRef);
                }}
                onAdd={() => setAdding(true)}
                inputRef={patientRef}
              />
            </Step>
            <Step n={2} title="Tests and packages">
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <RemoteSelect<Referral>
                    label="Referred by"
                    kind="referrals"
                    clearable
                    fetchPage={fetchReferrals}
                    filter={(r) => r.isActive}
                    toOption={(r) => ({
                      value: r._id,
                      label: r.hospitalName ? `${r.name} (${r.hospitalName})` : r.name,
                    })}
                    value={desk.referralId}
                    onChange={(value) => setDesk((d) => ({ ...d, referralId: value }))}
                    placeholder="Self / walk-in"
                    testId="desk-referral"
                  />
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      Provider
                    </Text>
                    <SegmentedControl
                      value={desk.providerKind}
                      onChange={(value) => setDesk((d) => ({ ...d, providerKind: value as ProviderKind }))}
                      data={[...PROVIDER_KINDS]}
                      data-testid="desk-provider-kind"
                    />
                  </Stack>
                </SimpleGrid>
                <CatalogueItemSelect
                  label="Add a test or package"
                  placeholder={patient ? 'Type a code or a name, Enter to add' : 'Choose the patient first'}
                  taken={new Set(desk.items.map(itemValue))}
                  onPick={(item) =>
                    setDesk((d) =>
                      d.items.some((i) => itemValue(i) === itemValue(item))
                        ? d
                        : { ...d, items: [...d.items, { ...item, discount: '' }] },
                    )
                  }
                  inputRef={itemRef}
                  disabled={!patient || Boolean(registered)}
                  error={shown.repeated ?? (tried ? shown.form : undefined)}
                  testId="desk-item-search"
                />
                <PriceKindNotice notice={quote ? priceKindNotice(quote.priceKind) : null} />
                {preview.isError && desk.items.length > 0 ? (
                  <Alert
                    color="red"
                    variant="light"
                    icon={<IconAlertCircle size={18} />}
                    data-testid="desk-price-error"
                  >
                    {describeError(preview.error)}
                  </Alert>
                ) : null}
                <OrderedItems
                  items={desk.items}
                  quote={quote}
                  totals={totals}
                  discountProblems={shown.discounts}
                  needApproval={approval}
                  onDiscount={(code, text) =>
                    setDesk((d) => ({
                      ...d,
                      items: d.items.map((i) => (i.code === code ? { ...i, discount: text } : i)),
                    }))
                  }
                  onRemove={(code) => setDesk((d) => ({ ...d, items: d.items.filter((i) => i.code !== code) }))}
                />
              </Stack>
            </Step>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <div className={classes.sticky}>
            <Step n={3} title="Payment">
              <PaymentPanel
                totals={totals}
                payment={desk.payment}
                problems={shown}
                saving={register.isPending}
                canSubmit={canSubmit}
                onChange={(payment) => setDesk((d) => ({ ...d, payment }))}
                onSubmit={submit}
              />
            </Step>
          </div>
        </Grid.Col>
      </Grid>
      {adding ? (
        <AddPatientModal
          onClose={() => setAdding(false)}
          onAdded={(p) => {
            setAdding(false);
            pickPatient(p);
          }}
        />
      ) : null}
    </>
  );
}
