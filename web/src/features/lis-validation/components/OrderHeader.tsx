import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  AUTO_VALIDATION_HOLDS,
  OUTSOURCING_MESSAGES,
  RESULT_MESSAGES,
  RESULT_STATUS_LABELS,
  type CriticalAlert,
  type JudgedTest,
  type OrderResults,
  type ResultStatus,
  type WorksheetTest,
} from '@rayworks/contracts';
import {
  IconAlertTriangle,
  IconCheck,
  IconDeviceFloppy,
  IconHistory,
  IconPencil,
  IconSignature,
} from '@tabler/icons-react';
import { memo } from 'react';
import { formatDisplayDateTime } from '../../../shared/format';
import { ageSexText } from '../hooks/worksheet-grid';
import classes from './WorksheetTable.module.css';

const STATUS_COLORS: Record<ResultStatus, string> = {
  PENDING: 'gray',
  ENTERED: 'blue',
  VALIDATED: 'teal',
  SIGNED: 'violet',
};

export interface OrderActions {
  save: (orderId: string, validate: boolean) => void;
  sign: (orderIds: string[]) => void;
  amend: (order: OrderResults) => void;
  history: (order: OrderResults) => void;
}

interface Props {
  order: OrderResults;
  test: WorksheetTest | null;
  /** The order judged with what the lab typed (null: the test has no definition). */
  judged: JudgedTest | null;
  /** Unsaved values on the order. */
  dirty: boolean;
  /** This order's save, sign or amendment is on its way. */
  busy: boolean;
  canValidate: boolean;
  canSign: boolean;
  alert: CriticalAlert | undefined;
  actions: OrderActions;
}

/** What the referring centre knows of a critical order: told when, acknowledged by whom. */
function CriticalNotice({ order, judged, alert }: Pick<Props, 'order' | 'judged' | 'alert'>) {
  if (!order.critical && !judged?.critical) return null;
  let words: string;
  if (!order.critical) words = 'Critical: the referring centre is told when the results are saved';
  else if (!alert) words = 'Critical: the referring centre is being told';
  else if (alert.status === 'ACKNOWLEDGED')
    words = `Critical: acknowledged by the centre${alert.acknowledgedByName ? ` — ${alert.acknowledgedByName}` : ''}${
      alert.acknowledgedAt ? `, ${formatDisplayDateTime(alert.acknowledgedAt)}` : ''
    }`;
  else
    words = `Critical: the centre was told ${formatDisplayDateTime(alert.flaggedAt)} — not acknowledged yet${
      alert.status === 'ESCALATED' ? ' (escalated)' : ''
    }`;
  return (
    <Group gap={6} wrap="nowrap" data-testid="order-critical" data-alert-status={alert?.status ?? 'NONE'}>
      <IconAlertTriangle size={16} className={classes.critical} aria-hidden />
      <Text size="xs" fw={700} className={classes.critical}>
        {words}
      </Text>
    </Group>
  );
}

/**
 * An order's header on the worksheet: the sample's barcode, the patient (name, MR number, age and sex), the test and
 * its status, what holds it for a person, the critical alert's state, and the order's actions — Save, Validate (LIMS ›
 * VALIDATE), Sign and Amend (PATHOLOGIST › SIGN), History.
 */
export const OrderHeader = memo(function OrderHeader(props: Props) {
  const { order, test, judged, dirty, busy, canValidate, canSign, alert, actions } = props;
  const signed = order.status === 'SIGNED';
  const refused = judged?.results.some((r) => r.error !== null) ?? false;
  const canType = canValidate && test !== null && !signed;
  const validatable =
    canType && judged !== null && judged.complete && !refused && (dirty || order.status !== 'VALIDATED');
  const holds = order.status === 'ENTERED' && !dirty ? order.holds : [];
  return (
    <Stack gap={6}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" ff="monospace" fw={700} data-testid="order-barcode">
              {order.barcode}
            </Text>
            <Text size="sm" fw={600} data-testid="order-patient">
              {order.patient.patientName}
            </Text>
            <Text size="xs" c="dimmed">
              MR {order.patient.mrNumber} · {ageSexText(order.patient.age, order.patient.gender)}
            </Text>
          </Group>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" data-testid="order-test">
              {order.testName} ({order.testCode})
            </Text>
            <Badge
              color={STATUS_COLORS[order.status]}
              variant="light"
              data-testid="order-status"
              data-status={order.status}
            >
              {RESULT_STATUS_LABELS[order.status]}
            </Badge>
            {order.amendment > 0 ? (
              <Badge color="orange.4" variant="filled" autoContrast data-testid="order-amendment">
                Amendment {order.amendment}
              </Badge>
            ) : null}
            {order.autoValidated && order.status !== 'ENTERED' ? (
              <Badge color="teal" variant="outline">
                Auto-validated
              </Badge>
            ) : null}
            {order.performedAt ? (
              <Badge
                color="grape"
                variant="outline"
                tt="none"
                title={`Sent on manifest ${order.performedAt.manifestNumber}`}
                data-testid="order-performed-at"
              >
                {OUTSOURCING_MESSAGES.performedAt(order.performedAt.labName)}
              </Badge>
            ) : null}
            {dirty ? (
              <Badge color="yellow.4" variant="filled" autoContrast data-testid="order-unsaved">
                Unsaved
              </Badge>
            ) : null}
          </Group>
          {test === null ? (
            <Text size="xs" c="red.8">
              {RESULT_MESSAGES.noDefinition(order.testCode)}
            </Text>
          ) : null}
          {holds.length > 0 ? (
            <Text size="xs" c="dimmed" data-testid="order-holds">
              Waits for a person: {holds.map((h) => AUTO_VALIDATION_HOLDS[h]).join('; ')}
            </Text>
          ) : null}
          {order.signed ? (
            <Text size="xs" c="dimmed">
              Signed by {order.signed.name}, {formatDisplayDateTime(order.signed.at)}
            </Text>
          ) : order.validated ? (
            <Text size="xs" c="dimmed">
              Validated by {order.validated.name}, {formatDisplayDateTime(order.validated.at)}
            </Text>
          ) : null}
          <CriticalNotice order={order} judged={judged} alert={alert} />
        </Stack>
        <Group gap={6} wrap="wrap">
          {canType ? (
            <>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconDeviceFloppy size={14} />}
                disabled={!dirty}
                loading={busy}
                onClick={() => actions.save(order.orderId, false)}
                data-testid="order-save"
              >
                Save
              </Button>
              <Button
                size="compact-sm"
                color="teal"
                leftSection={<IconCheck size={14} />}
                disabled={!validatable}
                loading={busy}
                onClick={() => actions.save(order.orderId, true)}
                data-testid="order-validate"
              >
                Validate
              </Button>
            </>
          ) : null}
          {canSign && order.status === 'VALIDATED' ? (
            <Button
              size="compact-sm"
              color="violet"
              leftSection={<IconSignature size={14} />}
              disabled={dirty}
              loading={busy}
              onClick={() => actions.sign([order.orderId])}
              data-testid="order-sign"
            >
              Sign
            </Button>
          ) : null}
          {canSign && signed ? (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              leftSection={<IconPencil size={14} />}
              loading={busy}
              onClick={() => actions.amend(order)}
              data-testid="order-amend"
            >
              Amend
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconHistory size={14} />}
            onClick={() => actions.history(order)}
            data-testid="order-history"
          >
            History
          </Button>
        </Group>
      </Group>
    </Stack>
  );
});
