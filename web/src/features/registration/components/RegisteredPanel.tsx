import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { CONSOLE_ROUTES, PATIENT_INVOICE_STATUS_LABELS, PRICE_KIND_LABELS, routeTo } from '@rayworks/contracts';
import { IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ApiCallError, describeError } from '../../../api/client';
import { patientPath } from '../../../shared/patients/usePatientRecords';
import { rupees } from '../hooks/desk-form';
import { invoicePdfOf, receiptOf, usePrintDocument, type Registered } from '../hooks/useDesk';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** What registering made: the visit, its invoice and what is left to pay; the receipt and the invoice to print. */
export function RegisteredPanel({ result, onNext }: { result: Registered; onNext: () => void }) {
  const { registration, invoice, payment } = result;
  const print = usePrintDocument();
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={20} />}
      title={`Registered ${registration.patientName}`}
      data-testid="desk-registered"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Figure label="Registration ID" value={registration.registrationID} testId="desk-registration-id" />
          <Figure label="Invoice" value={invoice.number} testId="desk-invoice-number" />
          <Figure label="Price" value={PRICE_KIND_LABELS[registration.priceKind]} testId="desk-registered-price-kind" />
          <Figure label="Total" value={rupees(invoice.totalMinor)} testId="desk-registered-total" />
          <Figure label="Paid" value={rupees(invoice.paidMinor)} testId="desk-registered-paid" />
          <Figure label="Balance" value={rupees(invoice.balanceMinor)} testId="desk-registered-balance" />
        </SimpleGrid>
        <Text size="sm" c="dimmed" data-testid="desk-registered-status">
          {PATIENT_INVOICE_STATUS_LABELS[invoice.status]}
        </Text>
        {print.isError ? (
          <Text size="sm" c="red" data-testid="desk-print-error">
            {print.error instanceof ApiCallError ? describeError(print.error) : print.error.message}
          </Text>
        ) : null}
        <Group gap="sm">
          {payment ? (
            <Button
              leftSection={<IconPrinter size={16} />}
              loading={print.isPending}
              onClick={() => print.mutate(receiptOf(payment._id))}
              data-testid="desk-print-receipt"
            >
              Print Receipt
            </Button>
          ) : null}
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            loading={print.isPending}
            onClick={() => print.mutate(invoicePdfOf(invoice._id))}
            data-testid="desk-print-invoice"
          >
            Print Invoice
          </Button>
          <Button variant="default" component={Link} to={routeTo(CONSOLE_ROUTES.invoicesView, { id: invoice._id })}>
            Open Invoice
          </Button>
          <Button
            variant="default"
            component={Link}
            to={patientPath({ _id: registration.patientId }, registration._id)}
          >
            Open Patient
          </Button>
          <Button variant="light" onClick={onNext} data-testid="desk-next">
            Next patient
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
