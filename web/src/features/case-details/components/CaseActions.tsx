import { Button, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  CASE_ACTION_LABELS,
  CASE_MESSAGES,
  CASES_API,
  CONSOLE_ROUTES,
  type Case,
  type CaseAction,
} from '@rayworks/contracts';
import { IconChevronDown, IconEye } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { callApi, describeError, shownByPolicy } from '../../../api/client';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import {
  DESTRUCTIVE_ACTIONS,
  REASON_ACTIONS,
  detailActionKind,
  personName,
  updateRouteOf,
} from '../hooks/case-details';
import { caseKey } from '../hooks/useCase';

interface Props {
  c: Case;
  actions: CaseAction[];
  /** The page carries these out itself (download, chat). */
  onDownload: () => void;
  onChat: () => void;
}

/** The actions shown as buttons first; the rest go under "More". */
const PRIMARY: readonly CaseAction[] = ['ACCEPT', 'REJECT', 'ASSIGN', 'REASSIGN', 'SEND_TO_TYPIST', 'ACCEPT_RECALL'];

/**
 * The case's actions (exactly the allowed ones), with a confirmation (and a reason where one is asked for) before a
 * move, "Open in viewer" that says the viewer is not yet available, and a refetch after a conflict (409).
 */
export function CaseActions({ c, actions, onDownload, onChat }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<CaseAction | null>(null);
  const [notYet, setNotYet] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const update = useMutation({
    mutationFn: async (action: CaseAction) => {
      const to = updateRouteOf(c, action);
      if (!to) throw new Error(`not an update: ${action}`);
      const trimmed = reason.trim();
      const common = { _id: c._id, version: c.version, ...(trimmed ? { reason: trimmed } : {}) };
      return to.route === 'fusion'
        ? callApi(CASES_API.fusionWorklistUpdate, { body: { ...common, action: to.action } })
        : callApi(CASES_API.worklistUpdate, { body: { ...common, action: to.action } });
    },
    onSuccess: (result) => {
      toastSuccess(result.message || 'Done');
      queryClient.setQueryData(caseKey(c._id), result.data);
      void queryClient.invalidateQueries({ queryKey: caseKey(c._id) });
      setConfirming(null);
    },
    onError: (error) => {
      if (!shownByPolicy(error)) toastError(describeError(error));
      void queryClient.invalidateQueries({ queryKey: caseKey(c._id) });
      setConfirming(null);
    },
  });

  const run = (action: CaseAction) => {
    switch (detailActionKind(action)) {
      case 'assign':
        navigate(CONSOLE_ROUTES.worklistEdit.replace('*', c._id));
        return;
      case 'update':
        setReason('');
        setReasonError(null);
        setConfirming(action);
        return;
      case 'download':
        onDownload();
        return;
      case 'chat':
        onChat();
        return;
      case 'viewer':
        setNotYet('The viewer is not yet available in this version of the console.');
        return;
      case 'later':
        setNotYet(`${CASE_ACTION_LABELS[action]} is not yet available in this version of the console.`);
        return;
    }
  };

  const confirm = () => {
    if (!confirming) return;
    if (REASON_ACTIONS[confirming] === 'required' && !reason.trim()) {
      setReasonError(CASE_MESSAGES.reasonRequired);
      return;
    }
    update.mutate(confirming);
  };

  const shown = actions.filter((a) => a !== 'GO_TO_CASE');
  const primary = shown.filter((a) => PRIMARY.includes(a));
  const more = shown.filter((a) => !PRIMARY.includes(a));
  const asks = confirming ? REASON_ACTIONS[confirming] : undefined;

  return (
    <>
      <Group gap="xs" data-testid="case-actions">
        <Button
          variant="default"
          leftSection={<IconEye size={16} />}
          onClick={() => run('GO_TO_CASE')}
          data-testid="case-open-viewer"
        >
          Open in viewer
        </Button>
        {primary.map((action) => (
          <Button
            key={action}
            color={DESTRUCTIVE_ACTIONS.includes(action) ? 'red' : undefined}
            variant={DESTRUCTIVE_ACTIONS.includes(action) ? 'light' : 'filled'}
            onClick={() => run(action)}
            data-testid={`case-action-${action}`}
          >
            {CASE_ACTION_LABELS[action]}
          </Button>
        ))}
        {more.length ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} />} data-testid="case-actions-more">
                More
              </Button>
            </Menu.Target>
            <Menu.Dropdown data-testid="case-actions-menu">
              {more.map((action) => (
                <Menu.Item
                  key={action}
                  color={DESTRUCTIVE_ACTIONS.includes(action) ? 'red' : undefined}
                  onClick={() => run(action)}
                  data-testid={`case-action-${action}`}
                >
                  {CASE_ACTION_LABELS[action]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>

      <Modal
        opened={confirming !== null}
        onClose={() => (update.isPending ? undefined : setConfirming(null))}
        title={confirming ? CASE_ACTION_LABELS[confirming] : ''}
        centered
        size="sm"
      >
        {confirming ? (
          <Stack gap="md">
            <Text size="sm">
              {CASE_ACTION_LABELS[confirming]}: the case of {personName(c.patientName)} ({c.status}).
            </Text>
            {asks ? (
              <Textarea
                label="Reason"
                withAsterisk={asks === 'required'}
                autosize
                minRows={2}
                maxLength={500}
                value={reason}
                error={reasonError}
                onChange={(e) => {
                  setReason(e.currentTarget.value);
                  setReasonError(null);
                }}
                data-testid="case-action-reason"
              />
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(null)} disabled={update.isPending}>
                Cancel
              </Button>
              <Button
                color={DESTRUCTIVE_ACTIONS.includes(confirming) ? 'red' : undefined}
                loading={update.isPending}
                onClick={confirm}
                data-testid="case-action-confirm"
              >
                {CASE_ACTION_LABELS[confirming]}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>

      <Modal opened={notYet !== null} onClose={() => setNotYet(null)} title="Not yet available" centered size="sm">
        <Stack gap="md">
          <Text size="sm" data-testid="case-not-yet-available">
            {notYet}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setNotYet(null)}>
              Close
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
