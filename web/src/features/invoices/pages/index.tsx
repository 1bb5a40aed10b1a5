import { Alert, Anchor, Box, Button, Grid, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import {
  CONSOLE_ROUTES,
  formatExactMoney,
  GENERIC,
  PATIENT_INVOICE_STATUS_LABELS,
  PATIENT_INVOICE_STATUSES,
  routeTo,
  SPECIFIC,
  type InvoiceBilling,
  type PatientInvoiceSummary,
} from '@rayworks/contracts';
import { IconCash, IconFileInvoice, IconPrinter, IconReceiptRefund, IconReceipt2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { describeError } from '../../../api/client';
import { FigureCard } from '../../../shared/finance/FigureCard';
import { invoiceNumberColumn, invoicePatientColumn } from '../../../shared/finance/invoice-columns';
import { MoneyText } from '../../../shared/finance/MoneyText';
import { PhoneRow } from '../../../shared/finance/PhoneRow';
import { CentreSelect } from '../../../shared/forms/CentreSelect';
import { DayInput } from '../../../shared/forms/DayInput';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDateTime } from '../../../shared/format';
import { formatCentreDate } from '../../../shared/finance/centre-date';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge';
import { LedgerDialog } from '../components/LedgerDialog';
import {
  invoiceFiltersFromParams,
  invoiceFiltersKey,
  withInvoiceFilter,
  type InvoiceFilters,
} from '../hooks/invoice-filters';
import { discountLabel, LEDGER_ENTRY_LABELS, modeLabel, priceKindLabel, taxLabel } from '../hooks/invoice-lines';
import { ledgerKindsOpen, type LedgerKind } from '../hooks/ledger-form';
import { PRINT_MESSAGES, PrintNotReadyError } from '../../../shared/print/print-document';
import {
  billingKeys,
  fetchInvoicesPage,
  INVOICES,
  invoicePath,
  useInvoice,
  usePrintDocument,
  type PrintTarget,
} from '../hooks/useInvoices';
import { Section } from '../../../shared/ui/Section';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

const COLUMNS: Column<PatientInvoiceSummary>[] = [
  invoiceNumberColumn('invoice-number'),
  invoicePatientColumn(),
  { key: 'issuedAt', label: 'Issued', sortKey: 'issuedAt', render: (i) => formatCentreDate(i.issuedOn) },
  { key: 'status', label: 'Status', render: (i) => <InvoiceStatusBadge status={i.status} /> },
  {
    key: 'total',
    label: 'Total',
    sortKey: 'totalMinor',
    align: 'right',
    render: (i) => <MoneyText minor={i.totalMinor} currency={i.currency} />,
  },
  {
    key: 'paid',
    label: 'Paid',
    align: 'right',
    render: (i) => <MoneyText minor={i.paidMinor} currency={i.currency} />,
  },
  {
    key: 'balance',
    label: 'Balance',
    align: 'right',
    render: (i) => (
      <MoneyText minor={i.balanceMinor} currency={i.currency} fw={600} c={i.balanceMinor > 0 ? 'red' : undefined} />
    ),
  },
];

const STATUS_OPTIONS = PATIENT_INVOICE_STATUSES.map((s) => ({ value: s, label: PATIENT_INVOICE_STATUS_LABELS[s] }));

function InvoiceFilterBar({ filters }: { filters: InvoiceFilters }) {
  const [params, setParams] = useSearchParams();
  const set = (key: keyof InvoiceFilters, value: string | null) =>
    setParams(withInvoiceFilter(params, key, value), { replace: true });
  return (
    <Group gap="sm" wrap="wrap" align="flex-end" data-testid="invoice-filters">
      <div style={{ width: 240 }}>
        <CentreSelect
          label="Centre"
          placeholder="All centres"
          value={filters.centreId ?? null}
          onChange={(id) => set('centreId', id)}
          clearable
          testId="invoice-filter-centre"
        />
      </div>
      <Select
        label="Status"
        placeholder="All statuses"
        data={STATUS_OPTIONS}
        value={filters.status ?? null}
        onChange={(value) => set('status', value)}
        clearable
        w={160}
        data-testid="invoice-filter-status"
      />
      <DayInput
        label="Issued from"
        value={filters.issuedFrom}
        maxDate={filters.issuedTo}
        onChange={(day) => set('issuedFrom', day)}
        clearable
        w={160}
        data-testid="invoice-filter-from"
      />
      <DayInput
        label="Issued to"
        value={filters.issuedTo}
        minDate={filters.issuedFrom}
        onChange={(day) => set('issuedTo', day)}
        clearable
        w={160}
        data-testid="invoice-filter-to"
      />
    </Group>
  );
}

/** /invoices: the patient invoices of the centres the user reaches, filtered by centre, status and date of issue. */
export function InvoicesPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filters = invoiceFiltersFromParams(params);
  return (
    <>
      <PageHeader
        title="Invoices"
        description="Patient invoices of your centres: find one by its number's beginning."
      />
      <Paper withBorder radius="md" p="sm" mb="sm">
        <InvoiceFilterBar filters={filters} />
      </Paper>
      <ServerTable
        id="invoices"
        queryKey={[...billingKeys.list(INVOICES), invoiceFiltersKey(filters)]}
        fetchPage={fetchInvoicesPage(filters)}
        columns={COLUMNS}
        rowKey={(i) => i._id}
        searchPlaceholder="Invoice number begins with"
        defaultSort={{ sortBy: 'issuedAt', sortDir: 'desc' }}
        onRowClick={(i) => navigate(invoicePath(i))}
        emptyText="No invoices yet."
        noMatchText="No invoice matches these filters."
      />
    </>
  );
}

function LinesList({ invoice }: { invoice: InvoiceBilling }) {
  return (
    <Stack gap={0} hiddenFrom="sm" data-testid="invoice-lines-phone">
      {invoice.lines.map((line) => (
        <PhoneRow
          key={line._id}
          amount={
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatExactMoney(line.totalExact, invoice.currency)}
            </Text>
          }
        >
          <Text size="sm">{line.name}</Text>
          <Text size="xs" c="dimmed">
            {priceKindLabel(line)} · <MoneyText minor={line.unitMinor} currency={invoice.currency} size="xs" /> ×{' '}
            {line.quantity}
            {line.discount ? ` · less ${discountLabel(line, invoice.currency)}` : ''} · {taxLabel(line)}
          </Text>
        </PhoneRow>
      ))}
    </Stack>
  );
}

function LinesTable({ invoice }: { invoice: InvoiceBilling }) {
  return (
    <TableScrollRegion label="Items of the invoice" minWidth={720} visibleFrom="sm">
      <Table fz="sm" verticalSpacing={6} data-testid="invoice-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Discount</Table.Th>
            <Table.Th>Tax</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line) => (
            <Table.Tr key={line._id} data-testid="invoice-line" data-code={line.code}>
              <Table.Td>
                <Text size="sm">{line.name}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {line.code}
                </Text>
              </Table.Td>
              <Table.Td data-testid="invoice-line-price-kind">{priceKindLabel(line)}</Table.Td>
              <Table.Td ta="right">
                <MoneyText minor={line.unitMinor} currency={invoice.currency} />
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{discountLabel(line, invoice.currency)}</Table.Td>
              <Table.Td>{taxLabel(line)}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {formatExactMoney(line.totalExact, invoice.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScrollRegion>
  );
}

function LedgerTable({
  invoice,
  onPrint,
  printing,
}: {
  invoice: InvoiceBilling;
  onPrint: (target: PrintTarget) => void;
  printing: string | null;
}) {
  if (invoice.payments.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="invoice-payments-empty">
        No payment yet.
      </Text>
    );
  const receipt = (p: InvoiceBilling['payments'][number], testId = 'print-receipt') =>
    p.kind === 'PAYMENT' ? (
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconReceipt2 size={14} />}
        loading={printing === p._id}
        onClick={() => onPrint({ document: 'receipt', paymentId: p._id })}
        data-testid={testId}
      >
        Receipt
      </Button>
    ) : null;
  const amount = (p: InvoiceBilling['payments'][number]) => (
    <MoneyText
      minor={p.kind === 'REFUND' ? -p.amountMinor : p.amountMinor}
      currency={p.currency}
      c={p.kind === 'REFUND' ? 'red' : undefined}
      fw={600}
    />
  );
  return (
    <>
      <Stack gap={0} hiddenFrom="sm" data-testid="invoice-payments-phone">
        {invoice.payments.map((p) => (
          <PhoneRow
            key={p._id}
            amount={
              <Stack gap={0} align="flex-end">
                {amount(p)}
                {receipt(p, 'print-receipt-phone')}
              </Stack>
            }
          >
            <Text size="sm">
              {LEDGER_ENTRY_LABELS[p.kind]} · {modeLabel(p)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDisplayDateTime(p.takenAt)} · {p.takenBy.loginName}
              {p.reason ? ` · ${p.reason}` : ''}
            </Text>
          </PhoneRow>
        ))}
      </Stack>
      <TableScrollRegion label="Payments and refunds" minWidth={640} visibleFrom="sm">
        <Table fz="sm" verticalSpacing={6} data-testid="invoice-payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Entry</Table.Th>
              <Table.Th>Mode</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.payments.map((p) => (
              <Table.Tr key={p._id} data-testid="invoice-payment" data-kind={p.kind}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDateTime(p.takenAt)}</Table.Td>
                <Table.Td>
                  {LEDGER_ENTRY_LABELS[p.kind]}
                  {p.reason ? (
                    <Text size="xs" c="dimmed">
                      {p.reason}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{modeLabel(p)}</Table.Td>
                <Table.Td>{p.takenBy.loginName}</Table.Td>
                <Table.Td ta="right">{amount(p)}</Table.Td>
                <Table.Td ta="right">{receipt(p)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </>
  );
}

function CreditNotes({ invoice }: { invoice: InvoiceBilling }) {
  return (
    <>
      <Stack gap={0} hiddenFrom="sm">
        {invoice.creditNotes.map((c) => (
          <PhoneRow key={c._id} amount={<MoneyText minor={c.amountMinor} currency={c.currency} fw={600} />}>
            <Text size="sm" ff="monospace">
              {c.number}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDisplayDateTime(c.issuedAt)} · {c.reason}
            </Text>
          </PhoneRow>
        ))}
      </Stack>
      <TableScrollRegion label="Credit notes" minWidth={560} visibleFrom="sm">
        <Table fz="sm" verticalSpacing={6} data-testid="invoice-credit-notes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Credit Note No.</Table.Th>
              <Table.Th>Issued</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.creditNotes.map((c) => (
              <Table.Tr key={c._id} data-testid="invoice-credit-note">
                <Table.Td ff="monospace">{c.number}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDateTime(c.issuedAt)}</Table.Td>
                <Table.Td>{c.reason}</Table.Td>
                <Table.Td ta="right">
                  <MoneyText minor={c.amountMinor} currency={c.currency} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
    </>
  );
}

/** /invoices/view/{id}: an invoice's lines, payments, refunds and credit notes and its balance; the desk's dialogs. */
export function InvoiceDetailsPage() {
  const { id } = useParams();
  const query = useInvoice(id);
  const can = useCan();
  const [dialog, setDialog] = useState<LedgerKind | null>(null);
  const print = usePrintDocument();
  const printingId = print.isPending
    ? print.variables.document === 'invoice'
      ? print.variables.invoiceId
      : print.variables.paymentId
    : null;

  return (
    <QueryState query={query}>
      {(invoice) => {
        const open = ledgerKindsOpen(invoice);
        const allowed: Record<LedgerKind, boolean> = {
          payment: open.includes('payment') && can('BILLING', GENERIC.CREATE),
          refund: open.includes('refund') && can('BILLING', SPECIFIC.REFUND),
          creditNote: open.includes('creditNote') && can('BILLING', SPECIFIC.REFUND),
        };
        return (
          <>
            <PageHeader
              title={invoice.number}
              badge={
                // on a phone the long number takes the line: the status shows under the header instead
                <Box visibleFrom="sm">
                  <InvoiceStatusBadge status={invoice.status} size="lg" />
                </Box>
              }
              crumbs={[{ label: 'Invoices', to: CONSOLE_ROUTES.invoices }, { label: invoice.number }]}
              actions={
                <>
                  {allowed.payment ? (
                    <Button
                      leftSection={<IconCash size={16} />}
                      onClick={() => setDialog('payment')}
                      data-testid="invoice-take-payment"
                    >
                      Take Payment
                    </Button>
                  ) : null}
                  {allowed.refund ? (
                    <Button
                      variant="default"
                      leftSection={<IconReceiptRefund size={16} />}
                      onClick={() => setDialog('refund')}
                      data-testid="invoice-refund"
                    >
                      Refund
                    </Button>
                  ) : null}
                  {allowed.creditNote ? (
                    <Button
                      variant="default"
                      leftSection={<IconFileInvoice size={16} />}
                      onClick={() => setDialog('creditNote')}
                      data-testid="invoice-credit-note-add"
                    >
                      Credit Note
                    </Button>
                  ) : null}
                  <Button
                    variant="default"
                    leftSection={<IconPrinter size={16} />}
                    loading={printingId === invoice._id}
                    onClick={() => print.mutate({ document: 'invoice', invoiceId: invoice._id })}
                    data-testid="print-invoice"
                  >
                    Print Invoice
                  </Button>
                </>
              }
            />
            <Stack gap="md">
              <Box hiddenFrom="sm">
                <InvoiceStatusBadge status={invoice.status} size="lg" />
              </Box>
              {print.isError ? (
                <Alert
                  color="red"
                  variant="light"
                  data-testid="print-error"
                  withCloseButton
                  closeButtonLabel="Close"
                  onClose={print.reset}
                >
                  {print.error instanceof PrintNotReadyError ? print.error.message : describeError(print.error)}
                </Alert>
              ) : null}
              {print.isSuccess ? (
                <Alert
                  color="teal"
                  variant="light"
                  data-testid="print-ready"
                  withCloseButton
                  closeButtonLabel="Close"
                  onClose={print.reset}
                >
                  <Group gap="xs">
                    {print.data.opened ? null : <span>{PRINT_MESSAGES.popupBlocked}</span>}
                    <Anchor
                      href={print.data.url}
                      target="_blank"
                      rel="noreferrer"
                      c="inherit"
                      fw={600}
                      underline="always"
                      data-testid="print-link"
                    >
                      Open the {print.data.document === 'invoice' ? 'invoice' : 'receipt'} PDF (
                      {print.data.invoiceNumber})
                    </Anchor>
                  </Group>
                </Alert>
              ) : null}
              <Grid gap="sm">
                <Grid.Col span={{ base: 6, sm: 'auto' }}>
                  <FigureCard label="Total" hint="As issued">
                    <MoneyText minor={invoice.totalMinor} currency={invoice.currency} fz="inherit" fw="inherit" />
                  </FigureCard>
                </Grid.Col>
                {invoice.creditedMinor > 0 ? (
                  <>
                    <Grid.Col span={{ base: 6, sm: 'auto' }}>
                      <FigureCard label="Credit Notes">
                        <MoneyText
                          minor={invoice.creditedMinor}
                          currency={invoice.currency}
                          fz="inherit"
                          fw="inherit"
                        />
                      </FigureCard>
                    </Grid.Col>
                    <Grid.Col span={{ base: 6, sm: 'auto' }}>
                      <FigureCard label="Due" hint="Total less credit notes">
                        <MoneyText minor={invoice.dueMinor} currency={invoice.currency} fz="inherit" fw="inherit" />
                      </FigureCard>
                    </Grid.Col>
                  </>
                ) : null}
                <Grid.Col span={{ base: 6, sm: 'auto' }}>
                  <FigureCard label="Paid" hint="Payments less refunds">
                    <MoneyText
                      minor={invoice.paidMinor}
                      currency={invoice.currency}
                      fz="inherit"
                      fw="inherit"
                      testId="invoice-paid"
                    />
                  </FigureCard>
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 'auto' }}>
                  <FigureCard label="Balance">
                    <MoneyText
                      minor={invoice.balanceMinor}
                      currency={invoice.currency}
                      fz="inherit"
                      fw="inherit"
                      c={invoice.balanceMinor > 0 ? 'red' : 'teal'}
                      testId="invoice-balance"
                    />
                  </FigureCard>
                </Grid.Col>
              </Grid>
              <DetailGrid
                cols={4}
                details={[
                  {
                    label: 'Patient',
                    value: can('PATIENTS', SPECIFIC.PATIENT_VIEW) ? (
                      <Anchor
                        component={Link}
                        to={routeTo(CONSOLE_ROUTES.patientDetails, {
                          id: invoice.patient.id,
                          billingId: invoice.registrationId ?? 'latest',
                        })}
                        size="sm"
                      >
                        {invoice.patient.patientName}
                      </Anchor>
                    ) : (
                      invoice.patient.patientName
                    ),
                    testId: 'invoice-patient',
                  },
                  { label: 'MR No.', value: invoice.patient.mrID },
                  { label: 'Issued', value: formatDisplayDateTime(invoice.issuedAt) },
                  { label: 'Financial Year', value: invoice.financialYear },
                ]}
              />
              <Section title="Lines">
                <LinesList invoice={invoice} />
                <LinesTable invoice={invoice} />
                <Group justify="flex-end" gap="lg" mt="sm">
                  <Text size="sm" c="dimmed">
                    Round off {formatExactMoney(invoice.roundOffExact, invoice.currency)}
                  </Text>
                  <Text size="sm" fw={600}>
                    Total <MoneyText minor={invoice.totalMinor} currency={invoice.currency} fw={600} />
                  </Text>
                </Group>
              </Section>
              <Section title="Payments and refunds" testId="invoice-ledger">
                <LedgerTable invoice={invoice} onPrint={(t) => print.mutate(t)} printing={printingId} />
              </Section>
              {invoice.creditNotes.length > 0 ? (
                <Section title="Credit notes">
                  <CreditNotes invoice={invoice} />
                </Section>
              ) : null}
            </Stack>
            {dialog ? <LedgerDialog kind={dialog} invoice={invoice} onClose={() => setDialog(null)} /> : null}
          </>
        );
      }}
    </QueryState>
  );
}
