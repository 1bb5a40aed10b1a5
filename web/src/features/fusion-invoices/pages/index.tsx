import { Box, Button, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Timeline } from '@mantine/core';
import {
  CONSOLE_ROUTES,
  FUSION_INVOICE_LIST_STATUSES,
  formatMoney,
  GENERIC,
  INVOICE_ACTION_LABELS,
  INVOICE_SIDES,
  money,
  type FusionInvoice,
  type FusionInvoiceDetail,
  type FusionRate,
} from '@rayworks/contracts';
import { INVOICE_SIDE_LABELS } from '@rayworks/lifecycles';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { browserToday, formatCentreDate } from '../../../shared/finance/centre-date';
import { FigureCard } from '../../../shared/finance/FigureCard';
import { MoneyText } from '../../../shared/finance/MoneyText';
import { PhoneRow } from '../../../shared/finance/PhoneRow';
import { plural } from '../../../shared/plural';
import { CentreSelect } from '../../../shared/forms/CentreSelect';
import { DayInput } from '../../../shared/forms/DayInput';
import { keystrokeHandlers } from '../../../shared/forms/keystroke';
import { useCan } from '../../../shared/hooks/useCan';
import { useSession } from '../../../shared/session/useSession';
import { formatDisplayDateTime } from '../../../shared/format';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { FusionActionBar } from '../components/FusionActionBar';
import { FusionStatusBadge } from '../components/FusionStatusBadge';
import { barActions, invoicePrivilegesOf } from '../hooks/fusion-invoice-actions';
import {
  createRateBody,
  emptyRateValues,
  EVERY_CLIENT,
  fusionRateErrors,
  rateVersionValues,
  updateRateBody,
  type FusionRateErrors,
  type FusionRateValues,
} from '../hooks/fusion-rate-form';
import {
  billingKeys,
  fetchFusionInvoicesPage,
  fetchFusionRatesPage,
  FUSION_INVOICES,
  FUSION_RATES,
  fusionInvoicePath,
  useFusionInvoice,
  useKnownClientCentres,
  useSaveFusionRate,
  type FusionInvoiceFilters,
} from '../hooks/useFusionInvoices';
import { Section } from '../../../shared/ui/Section';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

/** A month 'YYYY-MM' as people read it: 'Oct 2026'. */
const monthLabel = (month: string): string => formatCentreDate(`${month}-01`).slice(3);

/** What an invoice asks for: the raised total, or the sum of its priced reads while it gathers them. */
const amountOf = (i: FusionInvoice) => i.totalMinor ?? i.linesTotalMinor;

const INVOICE_COLUMNS: Column<FusionInvoice>[] = [
  {
    key: 'month',
    label: 'Month',
    sortKey: 'month',
    render: (i) => (
      <Text size="sm" fw={500}>
        {monthLabel(i.month)}
      </Text>
    ),
  },
  { key: 'hub', label: 'Fusion centre', render: (i) => i.fusionCentreName ?? '—' },
  { key: 'client', label: 'Client centre', render: (i) => i.clientCentreName ?? '—' },
  { key: 'status', label: 'Status', render: (i) => <FusionStatusBadge status={i.status} /> },
  {
    key: 'reads',
    label: 'Reads',
    align: 'right',
    render: (i) => (i.unpricedLineCount > 0 ? `${i.lineCount} (${i.unpricedLineCount} unpriced)` : i.lineCount),
  },
  {
    key: 'total',
    label: 'Total',
    sortKey: 'totalMinor',
    align: 'right',
    render: (i) => <MoneyText minor={amountOf(i)} currency={i.currency} />,
  },
  {
    key: 'balance',
    label: 'Balance',
    align: 'right',
    render: (i) =>
      i.balanceMinor === null ? '—' : <MoneyText minor={i.balanceMinor} currency={i.currency} fw={600} />,
  },
];

const STATUS_OPTIONS = FUSION_INVOICE_LIST_STATUSES.map((s) => ({ value: s, label: s }));
const SIDE_OPTIONS = INVOICE_SIDES.map((s) => ({ value: s, label: INVOICE_SIDE_LABELS[s] }));
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function filtersOf(params: URLSearchParams): FusionInvoiceFilters {
  const status = params.get('status');
  const side = params.get('side');
  const month = params.get('month');
  return {
    ...(status && (FUSION_INVOICE_LIST_STATUSES as readonly string[]).includes(status)
      ? { status: status as FusionInvoiceFilters['status'] }
      : {}),
    ...(side && (INVOICE_SIDES as readonly string[]).includes(side)
      ? { side: side as FusionInvoiceFilters['side'] }
      : {}),
    ...(month && MONTH.test(month) ? { month } : {}),
  };
}

/** /fusioninvoices: the hub's monthly invoices to its client centres, and those raised to the user's centres. */
export function FusionInvoicesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageHeader
        title="Fusion Invoices"
        description="A fusion hub's invoice to a client centre for each month's completed reads."
      />
      <ServerTable
        id="fusion-invoices"
        queryKey={[...billingKeys.list(FUSION_INVOICES), filters.status ?? '', filters.side ?? '', filters.month ?? '']}
        fetchPage={fetchFusionInvoicesPage(filters)}
        columns={INVOICE_COLUMNS}
        rowKey={(i) => i._id}
        searchPlaceholder="Search by centre"
        defaultSort={{ sortBy: 'month', sortDir: 'desc' }}
        onRowClick={(i) => navigate(fusionInvoicePath(i))}
        emptyText="No fusion invoice yet: a month's invoice starts with its first completed read."
        noMatchText="No fusion invoice matches these filters."
        toolbar={
          <>
            <Select
              placeholder="All statuses"
              data={STATUS_OPTIONS}
              value={filters.status ?? null}
              onChange={(v) => set('status', v)}
              clearable
              w={250}
              aria-label="Status filter"
              data-testid="fusion-filter-status"
            />
            <Select
              placeholder="Both sides"
              data={SIDE_OPTIONS}
              value={filters.side ?? null}
              onChange={(v) => set('side', v)}
              clearable
              w={150}
              aria-label="Side filter"
              data-testid="fusion-filter-side"
            />
            <TextInput
              type="month"
              value={filters.month ?? ''}
              onChange={(e) => set('month', e.currentTarget.value || null)}
              w={160}
              aria-label="Month filter"
              data-testid="fusion-filter-month"
            />
          </>
        }
      />
    </>
  );
}

function Lines({ invoice }: { invoice: FusionInvoiceDetail }) {
  if (invoice.lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No read on this invoice yet.
      </Text>
    );
  const rate = (l: FusionInvoiceDetail['lines'][number]) =>
    l.unitMinor === null ? (
      <Text span size="sm" c="orange">
        No rate yet
      </Text>
    ) : (
      <MoneyText minor={l.unitMinor} currency={l.currency} />
    );
  return (
    <>
      <Stack gap={8} hiddenFrom="sm">
        {invoice.lines.map((l) => (
          <PhoneRow key={l._id} amount={rate(l)} py={0}>
            <Text size="sm">
              {l.modality ?? '—'} · <span style={{ fontFamily: 'monospace' }}>{l.caseId.slice(0, 8)}</span>
            </Text>
            <Text size="xs" c="dimmed">
              {formatDisplayDateTime(l.completedAt)}
            </Text>
          </PhoneRow>
        ))}
      </Stack>
      <TableScrollRegion label="Reads invoiced" minWidth={560} visibleFrom="sm">
        <Table fz="sm" verticalSpacing={6} data-testid="fusion-invoice-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Completed</Table.Th>
              <Table.Th>Case</Table.Th>
              <Table.Th>Modality</Table.Th>
              <Table.Th ta="right">Rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((l) => (
              <Table.Tr key={l._id} data-testid="fusion-invoice-line">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDateTime(l.completedAt)}</Table.Td>
                <Table.Td ff="monospace">{l.caseId.slice(0, 8)}</Table.Td>
                <Table.Td>{l.modality ?? '—'}</Table.Td>
                <Table.Td ta="right">{rate(l)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </>
  );
}

function History({ invoice }: { invoice: FusionInvoiceDetail }) {
  if (invoice.activity.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing has happened on this invoice yet.
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="fusion-invoice-history">
      {invoice.activity.map((a) => (
        <Timeline.Item
          key={a._id}
          title={
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {INVOICE_ACTION_LABELS[a.action]}
              </Text>
              {a.status ? <FusionStatusBadge status={a.status} testId="fusion-activity-status" /> : null}
            </Group>
          }
          data-testid="fusion-invoice-activity"
          data-action={a.action}
        >
          {a.text ? <Text size="sm">{a.text}</Text> : null}
          {a.amountMinor !== null ? <MoneyText minor={a.amountMinor} currency={invoice.currency} /> : null}
          <Text size="xs" c="dimmed">
            {INVOICE_SIDE_LABELS[a.side]} · {a.actorName ?? 'system'} · {formatDisplayDateTime(a.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** /fusioninvoices/view/{id}: a fusion invoice's reads, history and the action bar the invoice machine allows. */
export function FusionInvoiceDetailsPage() {
  const { id } = useParams();
  const query = useFusionInvoice(id);
  const { profile, config } = useSession();
  const user = { roleCodes: profile?.roleCodes ?? [], privileges: invoicePrivilegesOf(config) };
  return (
    <QueryState query={query}>
      {(invoice) => {
        const title = `${monthLabel(invoice.month)} · ${invoice.clientCentreName ?? 'Client centre'}`;
        return (
          <>
            <PageHeader
              title={title}
              badge={
                // on a phone the long title takes the line: the status shows under the header instead
                <Box visibleFrom="sm">
                  <FusionStatusBadge status={invoice.status} size="lg" testId="fusion-invoice-header-status" />
                </Box>
              }
              crumbs={[{ label: 'Fusion Invoices', to: CONSOLE_ROUTES.fusionInvoices }, { label: title }]}
              description={`From ${invoice.fusionCentreName ?? 'the fusion centre'} · you are the ${invoice.sides
                .map((s) => INVOICE_SIDE_LABELS[s].toLowerCase())
                .join(' and the ')}`}
              actions={<FusionActionBar actions={barActions(user, invoice)} invoice={invoice} />}
            />
            <Stack gap="md">
              <Box hiddenFrom="sm">
                <FusionStatusBadge status={invoice.status} size="lg" testId="fusion-invoice-phone-status" />
              </Box>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                <FigureCard
                  label={invoice.totalMinor === null ? 'Reads so far' : 'Total'}
                  hint={plural(invoice.lineCount, 'read')}
                >
                  <MoneyText
                    minor={amountOf(invoice)}
                    currency={invoice.currency}
                    fz="inherit"
                    fw="inherit"
                    testId="fusion-total"
                  />
                </FigureCard>
                <FigureCard label="Paid" hint="Confirmed by the hub">
                  <MoneyText
                    minor={invoice.paidMinor}
                    currency={invoice.currency}
                    fz="inherit"
                    fw="inherit"
                    testId="fusion-paid"
                  />
                </FigureCard>
                <FigureCard label="Balance">
                  {invoice.balanceMinor === null ? (
                    '—'
                  ) : (
                    <MoneyText
                      minor={invoice.balanceMinor}
                      currency={invoice.currency}
                      fz="inherit"
                      fw="inherit"
                      testId="fusion-balance"
                    />
                  )}
                </FigureCard>
                <FigureCard
                  label="Payment request"
                  hint={invoice.requestedMinor === null ? undefined : "Awaiting the hub's confirmation"}
                >
                  {invoice.requestedMinor === null ? (
                    '—'
                  ) : (
                    <MoneyText
                      minor={invoice.requestedMinor}
                      currency={invoice.currency}
                      fz="inherit"
                      fw="inherit"
                      testId="fusion-requested"
                    />
                  )}
                </FigureCard>
              </SimpleGrid>
              <DetailGrid
                cols={3}
                details={[
                  { label: 'Fusion centre', value: invoice.fusionCentreName },
                  { label: 'Client centre', value: invoice.clientCentreName },
                  { label: 'Month', value: monthLabel(invoice.month) },
                  { label: 'Raised', value: invoice.raisedAt ? formatDisplayDateTime(invoice.raisedAt) : null },
                  {
                    label: 'Completed',
                    value: invoice.completedAt ? formatDisplayDateTime(invoice.completedAt) : null,
                  },
                  {
                    label: 'On hold',
                    value: invoice.heldBy
                      ? `${INVOICE_SIDE_LABELS[invoice.heldBy]}: ${invoice.holdReason ?? ''}`
                      : null,
                  },
                  { label: 'Payment rejected', value: invoice.rejectReason },
                ]}
              />
              <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
                <Section title="Reads">
                  <Lines invoice={invoice} />
                </Section>
                <Section title="History">
                  <History invoice={invoice} />
                </Section>
              </SimpleGrid>
            </Stack>
          </>
        );
      }}
    </QueryState>
  );
}

const amountKeys = keystrokeHandlers({ characters: 'decimal' });

/** Add a rate, or a new version of one (a later first day). */
function RateDialog({ rate, onClose }: { rate: FusionRate | null; onClose: () => void }) {
  const clients = useKnownClientCentres();
  const [values, setValues] = useState<FusionRateValues>(() =>
    rate ? rateVersionValues(rate, browserToday()) : emptyRateValues(browserToday()),
  );
  const [errors, setErrors] = useState<FusionRateErrors>({});
  const save = useSaveFusionRate(onClose);
  const set = <K extends keyof FusionRateValues>(key: K, value: FusionRateValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = fusionRateErrors(values, rate !== null);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(rate ? { update: updateRateBody(rate, values) } : { create: createRateBody(values) });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={rate ? 'New Version of the Rate' : 'Add Fusion Rate'}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate data-testid="fusion-rate-form">
        <Stack gap="sm">
          {rate ? (
            <Text size="sm" c="dimmed">
              {rate.fusionCentreName} · {rate.modality}: the new rate applies to reads completed from its first day.
            </Text>
          ) : (
            <>
              <CentreSelect
                label="Fusion Centre"
                value={values.fusionCentreId}
                onChange={(v) => set('fusionCentreId', v)}
                error={errors.fusionCentreId}
                withAsterisk
                testId="field-fusionCentreId"
              />
              <Select
                label="Client Centre"
                data={[{ value: EVERY_CLIENT, label: 'Every client centre' }, ...(clients.data ?? [])]}
                value={values.clientCentreId}
                onChange={(v) => set('clientCentreId', v ?? EVERY_CLIENT)}
                allowDeselect={false}
                description="A client centre's own rate comes before the rate for every client centre"
                data-testid="field-clientCentreId"
              />
              <TextInput
                label="Modality"
                withAsterisk
                maxLength={16}
                value={values.modality}
                onChange={(e) => set('modality', e.currentTarget.value.toUpperCase())}
                error={errors.modality}
                placeholder="CT"
                data-testid="field-modality"
              />
            </>
          )}
          <Group grow align="flex-start">
            <TextInput
              label="Rate"
              withAsterisk
              inputMode="decimal"
              value={values.rate}
              onChange={(e) => set('rate', e.currentTarget.value)}
              {...amountKeys}
              error={errors.rate}
              data-testid="field-rate"
            />
            <DayInput
              label="Valid From"
              withAsterisk
              value={values.validFrom}
              onChange={(day) => set('validFrom', day ?? '')}
              error={errors.validFrom}
              data-testid="field-validFrom"
            />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="fusion-rate-submit">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /fusionrates: the hub's rates per client centre and modality, each with its versions. */
export function FusionRatesPage() {
  const can = useCan();
  const clients = useKnownClientCentres();
  const names = new Map((clients.data ?? []).map((c) => [c.value, c.label]));
  const [editing, setEditing] = useState<FusionRate | 'new' | null>(null);
  const mayEdit = can('INVOICE', GENERIC.CREATE);
  const columns: Column<FusionRate>[] = [
    { key: 'modality', label: 'Modality', sortKey: 'modality', render: (r) => <Text fw={600}>{r.modality}</Text> },
    { key: 'hub', label: 'Fusion centre', render: (r) => r.fusionCentreName ?? '—' },
    {
      key: 'client',
      label: 'Client centre',
      render: (r) =>
        r.clientCentreId === null ? 'Every client centre' : (names.get(r.clientCentreId) ?? r.clientCentreId),
    },
    {
      key: 'current',
      label: 'Rate now',
      align: 'right',
      render: (r) =>
        r.current ? <MoneyText minor={r.current.rateMinor} currency={r.current.currency} fw={600} /> : 'Not yet',
    },
    {
      key: 'versions',
      label: 'Versions',
      render: (r) => (
        <Text size="xs" c="dimmed">
          {r.versions
            .map((v) => `${formatCentreDate(v.validFrom)}: ${formatMoney(money(v.rateMinor, v.currency))}`)
            .join(' · ')}
        </Text>
      ),
    },
    {
      key: 'edit',
      label: '',
      render: (r) =>
        mayEdit ? (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={(e) => {
              e.stopPropagation();
              setEditing(r);
            }}
            data-testid="fusion-rate-version"
          >
            New version
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <PageHeader
        title="Fusion Rates"
        description="What the hub charges a client centre per read of a modality, from a day on."
        actions={
          mayEdit ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing('new')}
              data-testid="fusion-rate-add"
            >
              Add Rate
            </Button>
          ) : null
        }
      />
      <ServerTable
        id="fusion-rates"
        queryKey={billingKeys.list(FUSION_RATES)}
        fetchPage={fetchFusionRatesPage}
        columns={columns}
        rowKey={(r) => r._id}
        searchPlaceholder="Modality code, e.g. CT"
        defaultSort={{ sortBy: 'modality', sortDir: 'asc' }}
        emptyText="No fusion rate yet."
      />
      {editing ? <RateDialog rate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
