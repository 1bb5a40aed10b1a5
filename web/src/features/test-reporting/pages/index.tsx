import { Alert, Anchor, Badge, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { RESULT_STATUS_LABELS, type ReportableRegistration } from '@rayworks/contracts';
import { IconFileTypePdf, IconMail, IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDisplayDateTime } from '../../../shared/format';
import { PrintNotReadyError, PRINT_MESSAGES } from '../../../shared/print/print-document';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import {
  fetchReportablePage,
  limsKeys,
  REPORTABLE,
  useGenerateLabReport,
  useMailLabReport,
  useSmsLabReport,
  type ReportChoice,
} from '../hooks/useTestReporting';

const STATUS_COLORS = { PENDING: 'gray', ENTERED: 'yellow', VALIDATED: 'blue', SIGNED: 'teal' } as const;

/** The signed tests of a registration: what a report may print. */
const signedCodes = (r: ReportableRegistration): string[] =>
  r.tests.filter((t) => t.status === 'SIGNED').map((t) => t.testCode);

/** A report to send and how: by e-mail, or a link by SMS to the registration's phone number when it gave one. */
type Sending = { choice: ReportChoice } & ({ channel: 'mail' } | { channel: 'sms'; phoneNumber: string | null });

/**
 * The send dialog of a report: by e-mail, the address and the name it greets; by SMS, the phone number the link goes
 * to (the registration's, prefilled).
 */
function SendDialog({ sending, onClose }: { sending: Sending; onClose: () => void }) {
  const { choice, channel } = sending;
  const [to, setTo] = useState(sending.channel === 'sms' ? (sending.phoneNumber ?? '') : '');
  const [name, setName] = useState('');
  const mail = useMailLabReport(onClose);
  const sms = useSmsLabReport(onClose);
  return (
    <Modal
      opened
      onClose={onClose}
      title={channel === 'mail' ? 'Send the lab report by e-mail' : 'Send the lab report by SMS'}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (channel === 'sms') sms.mutate({ ...choice, phoneNumber: to.trim() });
          else mail.mutate({ ...choice, to: to.trim(), ...(name.trim() ? { name: name.trim() } : {}) });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={channel === 'mail' ? 'E-mail address' : 'Phone number'}
            type={channel === 'mail' ? 'email' : 'tel'}
            required
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            data-testid={`report-${channel}-to`}
          />
          {channel === 'mail' ? (
            <TextInput
              label="Name (optional)"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              data-testid="report-mail-name"
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={mail.isPending || sms.isPending}
              leftSection={channel === 'mail' ? <IconMail size={16} /> : <IconMessage size={16} />}
              data-testid={`report-${channel}-send`}
            >
              Send
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * /lims/testreporting (LIMS › REPORT; docs/decisions/0309, 0310): the registrations of the user's centres with their
 * lab tests; choose signed tests, generate the lab report's PDF (printed by the lims worker, opened when ready), send
 * it by e-mail, or send a link to it by SMS (decision 0315; the registration's phone number prefilled). Only signed tests can be chosen; generating with none chosen answers the spec's message.
 */
export function TestReportingPage() {
  // the chosen test codes by registration (default: every signed test)
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [sending, setSending] = useState<Sending | null>(null);
  const generate = useGenerateLabReport();

  const choiceOf = (r: ReportableRegistration): ReportChoice => ({
    registrationId: r.registrationId,
    testCodes: chosen[r.registrationId] ?? signedCodes(r),
  });
  const toggle = (r: ReportableRegistration, code: string, on: boolean) => {
    const current = choiceOf(r).testCodes;
    setChosen({
      ...chosen,
      [r.registrationId]: on ? [...current, code] : current.filter((c) => c !== code),
    });
  };

  const columns: Column<ReportableRegistration>[] = [
    {
      key: 'registration',
      label: 'Registration',
      sortKey: 'registeredAt',
      render: (r) => (
        <div>
          <Text size="sm" fw={600} ff="monospace">
            {r.registrationNumber}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDisplayDateTime(r.registeredAt)}
          </Text>
        </div>
      ),
    },
    {
      key: 'patient',
      label: 'Patient',
      render: (r) => (
        <div>
          <Text size="sm" fw={500}>
            {r.patient.patientName}
          </Text>
          <Text size="xs" c="dimmed">
            MR {r.patient.mrNumber} · {r.patient.gender}
          </Text>
        </div>
      ),
    },
    {
      key: 'tests',
      label: 'Tests',
      render: (r) => {
        const codes = choiceOf(r).testCodes;
        return (
          // the tests' names wrap (the list's cells do not): the table fits a tablet held upright
          <Stack gap={4} miw={180} style={{ whiteSpace: 'normal' }} data-testid="report-tests">
            {r.tests.map((t) => (
              <Group key={t.orderId} gap={6}>
                <Checkbox
                  size="xs"
                  label={`${t.testName} (${t.testCode})`}
                  checked={codes.includes(t.testCode)}
                  disabled={t.status !== 'SIGNED'}
                  onChange={(e) => toggle(r, t.testCode, e.currentTarget.checked)}
                  data-testid={`report-test-${t.testCode}`}
                />
                <Badge size="xs" variant="light" color={STATUS_COLORS[t.status]} tt="none">
                  {RESULT_STATUS_LABELS[t.status]}
                  {t.amendment > 0 ? ' · amended' : ''}
                </Badge>
              </Group>
            ))}
          </Stack>
        );
      },
    },
    {
      key: 'actions',
      label: 'Actions',
      // one under another: the column stays as narrow as its widest button (a tablet shows it whole)
      render: (r) => (
        <Stack gap={6} align="stretch" w="max-content">
          <Button
            size="xs"
            leftSection={<IconFileTypePdf size={14} />}
            loading={generate.isPending && generate.variables.registrationId === r.registrationId}
            onClick={() => generate.mutate(choiceOf(r))}
            data-testid="report-generate"
          >
            Generate
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMail size={14} />}
            disabled={signedCodes(r).length === 0}
            onClick={() => setSending({ choice: choiceOf(r), channel: 'mail' })}
            data-testid="report-send"
          >
            Send
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMessage size={14} />}
            disabled={signedCodes(r).length === 0}
            onClick={() => setSending({ choice: choiceOf(r), channel: 'sms', phoneNumber: r.patient.phoneNumber })}
            data-testid="report-sms"
          >
            SMS
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Test Reporting"
        description="Choose a registration's signed tests, then generate the lab report's PDF, send it by e-mail or send a link to it by SMS."
      />
      {/* a refusal (400: none chosen or none signed) is the server's message as a toast (web/src/api/policy.ts) */}
      {generate.error instanceof PrintNotReadyError ? (
        <Alert color="red" variant="light" mb="sm" withCloseButton closeButtonLabel="Close" onClose={generate.reset}>
          {generate.error.message}
        </Alert>
      ) : null}
      {generate.isSuccess ? (
        <Alert
          color="teal"
          variant="light"
          mb="sm"
          data-testid="report-ready"
          withCloseButton
          closeButtonLabel="Close"
          onClose={generate.reset}
        >
          <Group gap="xs">
            {generate.data.opened ? null : <span>{PRINT_MESSAGES.popupBlocked}</span>}
            <Anchor
              href={generate.data.url}
              target="_blank"
              rel="noreferrer"
              c="inherit"
              fw={600}
              underline="always"
              data-testid="report-link"
            >
              Open the lab report PDF ({generate.data.testCodes.join(', ')})
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      <ServerTable
        id="test-reporting"
        queryKey={limsKeys.list(REPORTABLE)}
        fetchPage={fetchReportablePage}
        columns={columns}
        rowKey={(r) => r.registrationId}
        searchPlaceholder="Registration No., MR No. or name"
        defaultSort={{ sortBy: 'registeredAt', sortDir: 'desc' }}
        emptyText="No registration with lab tests"
        // a registration's tests to choose and three actions: cards on an upright tablet too (docs/decisions/0362)
        cardsBelow="61.99em"
      />
      {sending ? <SendDialog sending={sending} onClose={() => setSending(null)} /> : null}
    </>
  );
}
