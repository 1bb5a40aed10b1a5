import { Alert, Button, Divider, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { formatMoney, PAYMENT_PAGE_TEXT, type PublicPaymentLink } from '@rayworks/contracts';
import { IconAlertCircle, IconCircleCheck, IconClockHour4, IconLinkOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiCallError, describeError } from '../../../api/client';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { PaymentSummary } from '../components/PaymentSummary';
import { awaitingConfirmation, usePublicPaymentLink, useStartPayment, useWaitedLong } from '../hooks/usePaymentLink';

const amountOf = (link: PublicPaymentLink) => formatMoney({ amountMinor: link.amountMinor, currency: link.currency });

function Card({ children, testId, state }: { children: ReactNode; testId: string; state?: string }) {
  return (
    <Paper withBorder radius="md" p="lg" maw={480} mx="auto" data-testid={testId} data-state={state}>
      {children}
    </Paper>
  );
}

/** A link that cannot be paid (not valid, expired, cancelled): why, and what to do. */
function Unpayable({ kind, link }: { kind: 'notValid' | 'expired' | 'cancelled'; link?: PublicPaymentLink }) {
  const words = {
    notValid: { title: PAYMENT_PAGE_TEXT.notValid, detail: PAYMENT_PAGE_TEXT.notValidDetail, color: 'red' },
    expired: { title: PAYMENT_PAGE_TEXT.expired, detail: PAYMENT_PAGE_TEXT.expiredDetail, color: 'yellow' },
    cancelled: { title: PAYMENT_PAGE_TEXT.cancelled, detail: PAYMENT_PAGE_TEXT.cancelledDetail, color: 'gray' },
  }[kind];
  const alert = (
    <Alert
      color={words.color}
      variant="light"
      title={words.title}
      icon={kind === 'expired' ? <IconClockHour4 size={18} /> : <IconLinkOff size={18} />}
      maw={480}
      mx="auto"
      {...(link ? {} : { 'data-testid': 'payment-unpayable', 'data-state': kind })}
    >
      {words.detail}
    </Alert>
  );
  if (!link) return alert;
  return (
    <Card testId="payment-unpayable" state={kind}>
      <Stack gap="md">
        {alert}
        <PaymentSummary link={link} />
      </Stack>
    </Card>
  );
}

/** Paid: the confirmation the patient keeps. */
function Paid({ link }: { link: PublicPaymentLink }) {
  return (
    <Card testId="payment-paid">
      <Stack gap="md" align="stretch">
        <Stack gap={6} align="center" ta="center">
          <ThemeIcon color="teal" variant="light" size={56} radius="xl">
            <IconCircleCheck size={34} />
          </ThemeIcon>
          <Title order={1} fz={22}>
            {PAYMENT_PAGE_TEXT.paid}
          </Title>
          <Text size="sm" c="dimmed" data-testid="payment-paid-detail">
            {PAYMENT_PAGE_TEXT.paidDetail(amountOf(link), link.invoiceNumber)}
          </Text>
        </Stack>
        <Divider />
        <PaymentSummary link={link} />
      </Stack>
    </Card>
  );
}

/**
 * /payment?token=… — a patient pays a bill online (docs/decisions/0281): no login; what the link shows, a Pay button
 * that goes to the payment provider's checkout, and on the way back (`&attempt=…`) the confirmation once the provider
 * has told billing, or why the payment did not go through.
 */
export function PaymentPage() {
  useDocumentTitle('Payment · Rayworks');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const attemptId = params.get('attempt');
  const query = usePublicPaymentLink(token, attemptId);
  const start = useStartPayment(token);
  const waitedLong = useWaitedLong(awaitingConfirmation(query.data));

  if (token === '') return <Unpayable kind="notValid" />;
  if (query.isLoading) return <PageLoader />;
  if (query.isError || !query.data) {
    const status = query.error instanceof ApiCallError ? query.error.status : null;
    if (status === 404 || status === 400) return <Unpayable kind="notValid" />;
    return (
      <Card testId="payment-error">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {describeError(query.error)}
        </Alert>
      </Card>
    );
  }
  const link = query.data;
  if (link.status === 'PAID') return <Paid link={link} />;
  if (link.status === 'EXPIRED') return <Unpayable kind="expired" link={link} />;
  if (link.status === 'CANCELLED') return <Unpayable kind="cancelled" link={link} />;

  const confirming = awaitingConfirmation(link);
  const failed = link.attempt?.state === 'FAILED';
  const startFailed = start.isError ? describeError(start.error) : null;
  return (
    <Card testId="payment-page" state={confirming ? 'confirming' : failed ? 'failed' : 'open'}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz="sm" fw={500} c="dimmed">
            {PAYMENT_PAGE_TEXT.title}
          </Title>
          <Text fz={34} fw={700} lh={1.1} data-testid="payment-amount">
            {amountOf(link)}
          </Text>
        </Stack>
        <PaymentSummary link={link} />
        {failed ? (
          <Alert color="red" variant="light" title={PAYMENT_PAGE_TEXT.failed} data-testid="payment-failed">
            <Text size="sm">{PAYMENT_PAGE_TEXT.failedDetail}</Text>
            {link.attempt?.failureReason ? (
              <Text size="xs" mt={4} c="dimmed">
                {link.attempt.failureReason}
              </Text>
            ) : null}
          </Alert>
        ) : null}
        {startFailed ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {startFailed}
          </Alert>
        ) : null}
        {confirming ? (
          <Stack gap="xs" data-testid="payment-confirming">
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" />
              <Text size="sm">{PAYMENT_PAGE_TEXT.confirming}</Text>
            </Group>
            {waitedLong ? (
              <Text size="sm" c="dimmed" data-testid="payment-not-confirmed-yet">
                {PAYMENT_PAGE_TEXT.notConfirmedYet}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Button
            size="lg"
            fullWidth
            data-testid="payment-pay"
            loading={start.isPending || start.isSuccess}
            onClick={() => start.mutate()}
          >
            {PAYMENT_PAGE_TEXT.pay(amountOf(link))}
          </Button>
        )}
        {start.isSuccess ? (
          <Text size="xs" c="dimmed" ta="center">
            {PAYMENT_PAGE_TEXT.redirecting}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
