import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  CONSOLE_ROUTES,
  formatMoney,
  PATIENT_INVOICE_STATUS_LABELS,
  PAYMENT_MODE_LABELS,
  PRICE_KIND_LABELS,
  routeTo,
  type InvoiceBilling,
  type Patient,
  type Registration,
} from '@rayworks/contracts';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { formatDisplayDateTime } from '../../../shared/format';
import { patientPath } from '../../../shared/patients/usePatientRecords';
import { QueryState } from '../../../shared/ui/QueryState';
import { chosenVisit, latestFirst, orderedSummary } from '../hooks/visits';
import { usePatientVisits, useVisitBilling } from '../hooks/useVisits';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

const rupees = (minor: number) => formatMoney({ amountMinor: minor, currency: 'INR' });

/** The patient's visits, the chosen one (the address's billingID) with what it ordered, its invoice and payments. */
export function VisitsPanel({
  patient,
  billingId,
  mayBill,
  mayRegister,
}: {
  patient: Patient;
  billingId: string | undefined;
  /** BILLING VIEW: visits and invoices are billing's records. */
  mayBill: boolean;
  mayRegister: boolean;
}) {
  const visits = usePatientVisits(patient._id, mayBill);
  if (!mayBill) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt="md" data-testid="patient-visits">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="md">
          Visits
        </Title>
        {mayRegister && patient.mergedInto === null ? (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            component={Link}
            to={`${CONSOLE_ROUTES.patientsRegistration}?patient=${patient._id}`}
            data-testid="patient-new-visit"
          >
            New Registration
          </Button>
        ) : null}
      </Group>
      <QueryState query={visits}>
        {(all) =>
          all.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="patient-no-visits">
              No visits yet.
            </Text>
          ) : (
            <VisitList patient={patient} visits={all} billingId={billingId} />
          )
        }
      </QueryState>
    </Paper>
  );
}

function VisitList({
  patient,
  visits,
  billingId,
}: {
  patient: Patient;
  visits: Registration[];
  billingId: string | undefined;
}) {
  const chosen = chosenVisit(visits, billingId);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Stack gap={6} data-testid="patient-visit-list">
        {latestFirst(visits).map((v) => (
          <UnstyledButton
            key={v._id}
            component={Link}
            to={patientPath(patient, v._id)}
            data-active={v._id === chosen?._id || undefined}
            data-testid="patient-visit"
            style={{
              padding: '8px 10px',
              borderRadius: 'var(--mantine-radius-sm)',
              border: '1px solid var(--mantine-color-default-border)',
              background: v._id === chosen?._id ? 'var(--mantine-primary-color-light)' : undefined,
            }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {v.registrationID}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDisplayDateTime(v.registeredAt)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {orderedSummary(v)}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
      <div style={{ gridColumn: 'span 2' }}>
        {chosen ? (
          <VisitDetails visit={chosen} />
        ) : (
          <Alert color="gray" variant="light" data-testid="patient-visit-missing">
            This visit is not one of the patient's: choose one from the list.
          </Alert>
        )}
      </div>
    </SimpleGrid>
  );
}

function VisitDetails({ visit }: { visit: Registration }) {
  const billing = useVisitBilling(visit.invoiceId);
  return (
    <Stack gap="sm" data-testid="patient-visit-details">
      <Group gap="xs">
        <Text fw={700} data-testid="patient-visit-id">
          {visit.registrationID}
        </Text>
        <Badge variant="light" tt="none" color={visit.priceKind === 'normal' ? 'gray' : 'grape'}>
          {PRICE_KIND_LABELS[visit.priceKind]}
        </Badge>
        <Text size="sm" c="dimmed">
          {visit.referredName ? `Referred by ${visit.referredName} (${visit.providerKind})` : 'Walk-in'}
        </Text>
      </Group>
      <TableScrollRegion label="Tests of the visit" minWidth={480}>
        <Table fz="sm" verticalSpacing={4} data-testid="patient-visit-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Test</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Accession / Sample</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visit.items.map((item) => (
              <Table.Tr key={item.itemId}>
                <Table.Td>
                  {item.code} · {item.name}
                  {item.packageCode ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      ({item.packageCode})
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{item.kind === 'RADIOLOGY' ? (item.modality ?? 'Radiology') : 'Lab'}</Table.Td>
                <Table.Td ff="monospace">{item.accessionNumber ?? item.sampleType ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" tt="none" color={item.status === 'CANCELLED' ? 'red' : 'blue'}>
                    {item.status === 'CANCELLED' ? 'Cancelled' : 'Ordered'}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      <QueryState query={billing}>{(invoice) => <InvoiceSummary invoice={invoice} />}</QueryState>
    </Stack>
  );
}

function InvoiceSummary({ invoice }: { invoice: InvoiceBilling }) {
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="patient-visit-invoice">
      <Group justify="space-between" mb={6} wrap="wrap">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Invoice {invoice.number}
          </Text>
          <Badge size="sm" variant="light" tt="none" data-testid="patient-visit-invoice-status">
            {PATIENT_INVOICE_STATUS_LABELS[invoice.status]}
          </Badge>
        </Group>
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={routeTo(CONSOLE_ROUTES.invoicesView, { id: invoice._id })}
          data-testid="patient-visit-open-invoice"
        >
          Open Invoice
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {(
          [
            ['Total', invoice.totalMinor, 'total'],
            ['Credited', invoice.creditedMinor, 'credited'],
            ['Paid', invoice.paidMinor, 'paid'],
            ['Balance', invoice.balanceMinor, 'balance'],
          ] as const
        ).map(([label, minor, key]) => (
          <div key={key}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={600} data-testid={`patient-visit-${key}`}>
              {rupees(minor)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {invoice.payments.length > 0 ? (
        <TableScrollRegion label="Payments and refunds" minWidth={480} mt="xs">
          <Table fz="xs" verticalSpacing={4} data-testid="patient-visit-payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Entry</Table.Th>
                <Table.Th>Mode</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.payments.map((p) => (
                <Table.Tr key={p._id}>
                  <Table.Td>{formatDisplayDateTime(p.takenAt)}</Table.Td>
                  <Table.Td>{p.kind === 'REFUND' ? `Refund${p.reason ? `: ${p.reason}` : ''}` : 'Payment'}</Table.Td>
                  <Table.Td>
                    {PAYMENT_MODE_LABELS[p.mode]}
                    {p.reference ? ` · ${p.reference}` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{(p.kind === 'REFUND' ? '−' : '') + rupees(p.amountMinor)}</Table.Td>
                  <Table.Td>{p.takenBy.loginName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      ) : (
        <Text size="xs" c="dimmed" mt={6}>
          No payment yet.
        </Text>
      )}
    </Paper>
  );
}
