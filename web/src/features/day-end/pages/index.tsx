import {
  Alert,
  Anchor,
  Badge,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  AGEING_BUCKETS,
  CONSOLE_ROUTES,
  FINANCE_CURRENCY,
  formatBasisPoints,
  formatExactMoney,
  GENERIC,
  PAYMENT_MODE_LABELS,
  routeTo,
  SPECIFIC,
  type AgeingBucketKey,
  type DayClosing,
  type DayEndReport,
  type OutstandingInvoice,
} from '@rayworks/contracts';
import type { CurrencyCode } from '@rayworks/validation';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { describeError } from '../../../api/client';
import { browserToday, formatCentreDate, monthStart } from '../../../shared/finance/centre-date';
import { DayInput } from '../../../shared/forms/DayInput';
import { FigureCard } from '../../../shared/finance/FigureCard';
import { invoiceNumberColumn, invoicePatientColumn } from '../../../shared/finance/invoice-columns';
import { MoneyText } from '../../../shared/finance/MoneyText';
import { plural } from '../../../shared/plural';
import { CentreSelect } from '../../../shared/forms/CentreSelect';
import { RemoteSelect } from '../../../shared/forms/RemoteSelect';
import { useCan } from '../../../shared/hooks/useCan';
import { useSession } from '../../../shared/session/useSession';
import { formatDisplayDateTime } from '../../../shared/format';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { ClosingSummary } from '../components/ClosingSummary';
import { CloseDayForm } from '../components/CloseDayForm';
import { CollectionTable } from '../components/CollectionTable';
import {
  fetchOutstandingPage,
  fetchReferralsPage,
  outstandingListKey,
  useCommission,
  useDayEndReport,
  useMyCollection,
  useOutstandingSummary,
} from '../hooks/useDayEnd';
import { Section } from '../../../shared/ui/Section';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

/** The centre (and date) a finance screen shows, kept in the address bar; a centre user starts at their own. */
function useCentreDay() {
  const [params, setParams] = useSearchParams();
  const { profile } = useSession();
  const centreId = params.get('centre') ?? profile?.centerID?.[0] ?? null;
  const date = params.get('date');
  const set = (key: 'centre' | 'date', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true });
  };
  return {
    centreId,
    date,
    setCentre: (v: string | null) => set('centre', v),
    setDate: (v: string | null) => set('date', v),
  };
}

function ChooseCentre() {
  return (
    <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="choose-centre">
      Choose a centre.
    </Alert>
  );
}

function LoadError({ error }: { error: unknown }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title="Could not load"
      data-testid="query-error"
    >
      {describeError(error)}
    </Alert>
  );
}

function DayReport({ report, canClose }: { report: DayEndReport; canClose: boolean }) {
  const { currency } = report;
  const money = (minor: number, testId?: string) => (
    <MoneyText minor={minor} currency={currency} fz="inherit" fw="inherit" testId={testId} />
  );
  return (
    <Stack gap="md" data-testid="day-end-report" data-date={report.date}>
      {report.closing ? (
        <ClosingSummary closing={report.closing} timeZone={report.timeZone} />
      ) : canClose ? (
        <CloseDayForm
          key={`${report.centre.id}|${report.date}`}
          centreId={report.centre.id}
          date={report.date}
          currency={currency}
          expectedCashMinor={report.expectedCashMinor}
          onClosed={() => undefined}
        />
      ) : (
        <Alert color="gray" variant="light" data-testid="day-open">
          The day is not closed yet.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <FigureCard
          label="Collection"
          hint={`${plural(report.collection.payments, 'payment')}, ${plural(report.collection.refunds, 'refund')}`}
        >
          {money(report.collection.netMinor, 'day-collection')}
        </FigureCard>
        <FigureCard label="Expected Cash" hint="Cash payments less cash refunds">
          {money(report.expectedCashMinor, 'day-expected-cash')}
        </FigureCard>
        <FigureCard label="Invoiced" hint={`${plural(report.invoices.count, 'invoice')} issued`}>
          {money(report.invoices.totalMinor, 'day-invoiced')}
        </FigureCard>
        <FigureCard label="Credit Notes" hint={`${plural(report.creditNotes.count, 'credit note')}`}>
          {money(report.creditNotes.amountMinor)}
        </FigureCard>
        <FigureCard label="Revenue" hint="Invoiced less credit notes">
          {money(report.revenueMinor, 'day-revenue')}
        </FigureCard>
        <FigureCard
          label="Outstanding"
          hint={`${plural(report.outstanding.dayInvoices, 'invoice')} of the day · ${report.outstanding.centreInvoices} at the centre`}
        >
          {money(report.outstanding.dayBalanceMinor, 'day-outstanding')}
        </FigureCard>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Section title="Collection by mode">
          <CollectionTable collection={report.collection} currency={currency} testId="day-by-mode" />
        </Section>
        <Section title="Collection by user">
          {report.byUser.length === 0 ? (
            <Text size="sm" c="dimmed">
              No payment or refund on this day.
            </Text>
          ) : (
            <TableScrollRegion label="Collection by user" minWidth={280}>
              <Table fz="sm" verticalSpacing={6} data-testid="day-by-user">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>User</Table.Th>
                    <Table.Th visibleFrom="sm">Modes</Table.Th>
                    <Table.Th ta="right">Net</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.byUser.map((u) => (
                    <Table.Tr key={u.user.userId}>
                      <Table.Td>{u.user.loginName}</Table.Td>
                      <Table.Td visibleFrom="sm">
                        {u.byMode.map((m) => PAYMENT_MODE_LABELS[m.mode]).join(', ')}
                      </Table.Td>
                      <Table.Td ta="right">
                        <MoneyText minor={u.netMinor} currency={currency} fw={600} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollRegion>
          )}
        </Section>
      </SimpleGrid>
      {report.afterClose && report.lateEntries.length > 0 ? (
        <Section title="Taken after the close" testId="day-after-close">
          <Text size="sm" mb="xs">
            Since the close the day's collection changed by{' '}
            <MoneyText minor={report.afterClose.netMinor} currency={currency} fw={600} />.
          </Text>
          <TableScrollRegion label="Taken after the close" minWidth={520}>
            <Table fz="sm" verticalSpacing={6}>
              <Table.Tbody>
                {report.lateEntries.map((e) => (
                  <Table.Tr key={e._id}>
                    <Table.Td>{formatDisplayDateTime(e.takenAt)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={routeTo(CONSOLE_ROUTES.invoicesView, { id: e.invoiceId })} size="sm">
                        {e.invoiceNumber}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {e.kind === 'PAYMENT' ? 'Payment' : 'Refund'} · {PAYMENT_MODE_LABELS[e.mode]}
                    </Table.Td>
                    <Table.Td>{e.takenBy.loginName}</Table.Td>
                    <Table.Td ta="right">
                      <MoneyText minor={e.kind === 'REFUND' ? -e.amountMinor : e.amountMinor} currency={currency} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        </Section>
      ) : null}
    </Stack>
  );
}

/** The desk without the centre's figures: what it took itself, and the close counted blind (decision 0278). */
function DeskDay({ centreId, date, canClose }: { centreId: string; date: string | null; canClose: boolean }) {
  const can = useCan();
  const mine = useMyCollection(centreId, date, can('BILLING', GENERIC.CREATE));
  const [closed, setClosed] = useState<DayClosing | null>(null);
  if (mine.isLoading) return <PageLoader />;
  if (mine.isError || !mine.data) return <LoadError error={mine.error} />;
  const day = mine.data;
  // closed just now at this desk, or earlier (by anyone: the desk opening the page again sees the close, not the form)
  const closing =
    closed && closed.date === day.date && closed.centreId === day.centre.id ? closed : (day.closing ?? null);
  return (
    <Stack gap="md" data-testid="desk-day" data-date={day.date}>
      {closing ? (
        <ClosingSummary closing={closing} timeZone={day.timeZone} />
      ) : canClose ? (
        <CloseDayForm
          key={`${day.centre.id}|${day.date}`}
          centreId={day.centre.id}
          date={day.date}
          currency={day.currency}
          expectedCashMinor={null}
          onClosed={setClosed}
        />
      ) : null}
      <Section title={`What you took on ${formatCentreDate(day.date)}`} testId="my-collection">
        <Group gap="lg" mb="sm">
          <Text size="sm">
            Cash <MoneyText minor={day.cashMinor} currency={day.currency} fw={600} testId="my-cash" />
          </Text>
          <Text size="sm">
            All modes <MoneyText minor={day.collection.netMinor} currency={day.currency} fw={600} />
          </Text>
        </Group>
        <CollectionTable collection={day.collection} currency={day.currency} testId="my-by-mode" />
      </Section>
    </Stack>
  );
}

/** /dayend: a centre's day (the centre's date): collection by mode and user, invoices, what is owed; close the day. */
export function DayEndPage() {
  const can = useCan();
  const { centreId, date, setCentre, setDate } = useCentreDay();
  const seesFigures = can('FINANCE', GENERIC.VIEW);
  const canClose = can('FINANCE', SPECIFIC.DAY_CLOSE);
  const report = useDayEndReport(centreId, date, seesFigures);
  // the desk's own day (same query as DeskDay's: read once) names the centre and its date for the header
  const mine = useMyCollection(centreId, date, !seesFigures && can('BILLING', GENERIC.CREATE));
  const day = report.data ?? mine.data;
  return (
    <>
      <PageHeader
        title="Day End"
        description={
          day
            ? `${day.centre.name} · ${formatCentreDate(day.date)} (${day.timeZone})`
            : "A centre's day on its own clock: what was collected, invoiced and is owed, and the cash closing."
        }
        badge={
          report.data ? (
            <Badge
              color={report.data.closing ? 'gray' : 'teal'}
              variant="light"
              size="lg"
              radius="sm"
              data-testid="day-status"
            >
              {report.data.closing ? 'Closed' : 'Open'}
            </Badge>
          ) : null
        }
      />
      <Paper withBorder radius="md" p="sm" mb="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <div style={{ width: 260 }}>
            <CentreSelect label="Centre" value={centreId} onChange={setCentre} testId="day-end-centre" />
          </div>
          <DayInput
            label="Date"
            value={date ?? day?.date ?? null}
            // the centre's today may be the browser's tomorrow (a centre east of the reader): the later of the two
            maxDate={[browserToday(), day?.date ?? ''].sort().at(-1)}
            onChange={setDate}
            w={170}
            data-testid="day-end-date"
          />
        </Group>
      </Paper>
      {!centreId ? (
        <ChooseCentre />
      ) : seesFigures ? (
        report.isLoading ? (
          <PageLoader />
        ) : report.isError || !report.data ? (
          <LoadError error={report.error} />
        ) : (
          <DayReport report={report.data} canClose={canClose} />
        )
      ) : (
        <DeskDay centreId={centreId} date={date} canClose={canClose} />
      )}
    </>
  );
}

const outstandingColumns = (currency: CurrencyCode): Column<OutstandingInvoice>[] => [
  invoiceNumberColumn(),
  invoicePatientColumn(),
  { key: 'issuedOn', label: 'Issued', sortKey: 'issuedOn', render: (i) => formatCentreDate(i.issuedOn) },
  { key: 'age', label: 'Age', render: (i) => plural(i.ageDays, 'day') },
  {
    key: 'total',
    label: 'Total',
    align: 'right',
    render: (i) => <MoneyText minor={i.totalMinor} currency={currency} />,
  },
  { key: 'paid', label: 'Paid', align: 'right', render: (i) => <MoneyText minor={i.paidMinor} currency={currency} /> },
  {
    key: 'balance',
    label: 'Balance',
    sortKey: 'balanceMinor',
    align: 'right',
    render: (i) => <MoneyText minor={i.balanceMinor} currency={currency} fw={600} c="red" />,
  },
];

const isBucket = (v: string | null): v is AgeingBucketKey => AGEING_BUCKETS.some((b) => b.key === v);

/** /outstanding: what a centre is owed, by age (0–30, 31–60, 61–90, over 90 days), and the invoices, oldest first. */
export function OutstandingPage() {
  const navigate = useNavigate();
  const { centreId, setCentre } = useCentreDay();
  const [params, setParams] = useSearchParams();
  const bucket = isBucket(params.get('bucket')) ? (params.get('bucket') as AgeingBucketKey) : null;
  const summary = useOutstandingSummary(centreId);
  const setBucket = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'all') next.delete('bucket');
    else next.set('bucket', value);
    next.delete('page');
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageHeader
        title="Outstanding"
        description={
          summary.data
            ? `Unpaid balances by age, counted to the centre's today (${formatCentreDate(summary.data.today)}).`
            : 'Unpaid balances by age.'
        }
      />
      <Paper withBorder radius="md" p="sm" mb="md">
        <div style={{ width: 260 }}>
          <CentreSelect label="Centre" value={centreId} onChange={setCentre} testId="outstanding-centre" />
        </div>
      </Paper>
      {!centreId ? (
        <ChooseCentre />
      ) : (
        <Stack gap="md">
          {summary.isError ? <LoadError error={summary.error} /> : null}
          {summary.data ? (
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" data-testid="ageing-buckets">
              <FigureCard label="All" hint={plural(summary.data.invoices, 'invoice')}>
                <MoneyText
                  minor={summary.data.balanceMinor}
                  currency={summary.data.currency}
                  fz="inherit"
                  fw="inherit"
                  testId="outstanding-total"
                />
              </FigureCard>
              {summary.data.buckets.map((b) => (
                <FigureCard
                  key={b.bucket}
                  label={b.label}
                  hint={`${b.invoices} invoices`}
                  testId={`ageing-${b.bucket}`}
                >
                  <MoneyText minor={b.balanceMinor} currency={summary.data.currency} fz="inherit" fw="inherit" />
                </FigureCard>
              ))}
            </SimpleGrid>
          ) : null}
          <ServerTable
            id="outstanding"
            queryKey={outstandingListKey(centreId, bucket)}
            fetchPage={fetchOutstandingPage(centreId, bucket)}
            columns={outstandingColumns(summary.data?.currency ?? FINANCE_CURRENCY)}
            rowKey={(i) => i.invoiceId}
            searchPlaceholder="Invoice number begins with"
            defaultSort={{ sortBy: 'issuedOn', sortDir: 'asc' }}
            onRowClick={(i) => navigate(routeTo(CONSOLE_ROUTES.invoicesView, { id: i.invoiceId }))}
            emptyText="Nothing is owed at this centre."
            noMatchText="No unpaid invoice matches."
            toolbar={
              <SegmentedControl
                size="xs"
                value={bucket ?? 'all'}
                onChange={setBucket}
                data={[
                  { value: 'all', label: 'All' },
                  ...AGEING_BUCKETS.map((b) => ({ value: b.key, label: b.label })),
                ]}
                aria-label="Age"
                data-testid="outstanding-bucket"
              />
            }
          />
        </Stack>
      )}
    </>
  );
}

/** /commission: a referral's commission statement for a period — each visit's exact share, the total rounded once. */
export function CommissionPage() {
  const [params, setParams] = useSearchParams();
  const today = browserToday();
  const referralId = params.get('referral');
  const from = params.get('from') ?? monthStart(today);
  const to = params.get('to') ?? today;
  const [page, setPage] = useState(1);
  const statement = useCommission(referralId, from, to, page);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setPage(1);
  };
  const s = statement.data;
  return (
    <>
      <PageHeader
        title="Referral Commission"
        description="A referral's visits in a period, with the commission on each invoice less its credit notes."
      />
      <Paper withBorder radius="md" p="sm" mb="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <div style={{ width: 280 }}>
            <RemoteSelect
              label="Referral"
              kind="referrals"
              fetchPage={fetchReferralsPage}
              toOption={(r) => ({ value: r._id, label: r.name })}
              value={referralId}
              onChange={(v) => set('referral', v)}
              placeholder="Choose a referral"
              testId="commission-referral"
            />
          </div>
          <DayInput
            label="From"
            value={from}
            maxDate={to}
            onChange={(day) => set('from', day)}
            w={170}
            data-testid="commission-from"
          />
          <DayInput
            label="To"
            value={to}
            minDate={from}
            onChange={(day) => set('to', day)}
            w={170}
            data-testid="commission-to"
          />
        </Group>
      </Paper>
      {!referralId ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
          Choose a referral.
        </Alert>
      ) : statement.isLoading ? (
        <PageLoader />
      ) : statement.isError || !s ? (
        <LoadError error={statement.error} />
      ) : (
        <Stack gap="md" data-testid="commission-statement">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <FigureCard label="Visits">{s.visits}</FigureCard>
            <FigureCard label="Rate">
              {s.referral.commissionBasisPoints === null ? '—' : formatBasisPoints(s.referral.commissionBasisPoints)}
            </FigureCard>
            <FigureCard label="Base" hint="Invoices less credit notes">
              <MoneyText minor={s.baseMinor} currency={s.currency} fz="inherit" fw="inherit" />
            </FigureCard>
            <FigureCard label="Commission" hint={`Exactly ${formatExactMoney(s.commissionExact, s.currency)}`}>
              <MoneyText
                minor={s.commissionMinor}
                currency={s.currency}
                fz="inherit"
                fw="inherit"
                testId="commission-total"
              />
            </FigureCard>
          </SimpleGrid>
          <Section title={`${s.referral.name}: ${formatCentreDate(s.from)} – ${formatCentreDate(s.to)}`}>
            {s.items.length === 0 ? (
              <Text size="sm" c="dimmed">
                No visit from this referral in the period.
              </Text>
            ) : (
              <TableScrollRegion label="Visits of the referral" minWidth={680}>
                <Table fz="sm" verticalSpacing={6} data-testid="commission-visits">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Visit</Table.Th>
                      <Table.Th>Patient</Table.Th>
                      <Table.Th>Invoice No.</Table.Th>
                      <Table.Th ta="right">Base</Table.Th>
                      <Table.Th ta="right">Commission</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.items.map((v) => (
                      <Table.Tr key={v.registrationId}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCentreDate(v.visitedOn)}</Table.Td>
                        <Table.Td>
                          {v.patient.patientName}
                          <Text size="xs" c="dimmed" ff="monospace">
                            {v.patient.mrID}
                          </Text>
                        </Table.Td>
                        <Table.Td ff="monospace">
                          <Anchor
                            component={Link}
                            to={routeTo(CONSOLE_ROUTES.invoicesView, { id: v.invoiceId })}
                            size="sm"
                            ff="monospace"
                          >
                            {v.invoiceNumber}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">
                          <MoneyText minor={v.baseMinor} currency={s.currency} />
                        </Table.Td>
                        <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {formatExactMoney(v.commissionExact, s.currency)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScrollRegion>
            )}
            {s.visits > s.pageSize ? (
              <Group justify="flex-end" mt="sm">
                <Pagination size="sm" total={Math.ceil(s.visits / s.pageSize)} value={page} onChange={setPage} />
              </Group>
            ) : null}
          </Section>
        </Stack>
      )}
    </>
  );
}
