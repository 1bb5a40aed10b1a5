import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { CASE_ACTION_LABELS, CASE_MESSAGES, type Case, type WorklistUpdateAction } from '@rayworks/contracts';
import { useState } from 'react';
import { toastSuccess } from '../../../shared/ui/toast';
import { useAssignees, useCentreSettings, useWorklistUpdate } from '../hooks/useWorklist';
import { confirmText, DESTRUCTIVE_ACTIONS, REASON_ACTIONS, REASON_REQUIRED } from '../hooks/worklist-actions';

export interface PendingAction {
  row: Case;
  action: WorklistUpdateAction;
}

interface Props {
  pending: PendingAction | null;
  onClose: () => void;
}

/**
 * The confirmation of one worklist action (/cases/worklistupdate with the row's version): what will happen, a reason
 * where one is asked for (required to reject and to recall), the transcriptionist when sending to typing. A refusal
 * (409: the case moved on, or the lifecycle refuses) is the server's message as a toast (api/policy), and the rows
 * are read again either way.
 */
export function CaseActionDialog({ pending, onClose }: Props) {
  return (
    <Modal
      opened={pending !== null}
      onClose={onClose}
      title={pending ? CASE_ACTION_LABELS[pending.action] : ''}
      centered
      size="md"
    >
      {pending ? <DialogBody key={`${pending.row._id}:${pending.action}`} pending={pending} onClose={onClose} /> : null}
    </Modal>
  );
}

function DialogBody({ pending, onClose }: { pending: PendingAction; onClose: () => void }) {
  const { row, action } = pending;
  const update = useWorklistUpdate();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [typistId, setTypistId] = useState<string | null>(null);
  const [typistError, setTypistError] = useState<string | null>(null);
  const toTypist = action === 'SEND_TO_TYPIST';
  const typists = useAssignees(row.centreId, 'typist', toTypist);
  const settings = useCentreSettings(row.centreId, toTypist);
  // AUTOMATIC centres pick the typist themselves; MANUAL ones (the default) must be told
  const automatic = settings.data?.typistAssignment === 'AUTOMATIC';
  const reasonRule = REASON_ACTIONS[action];

  const confirm = () => {
    if (reasonRule === 'required' && !reason.trim()) {
      setReasonError(REASON_REQUIRED);
      return;
    }
    if (toTypist && !automatic && !typistId) {
      setTypistError(CASE_MESSAGES.chooseTypist);
      return;
    }
    update.mutate(
      { row, action, reason, ...(typistId ? { typistId } : {}) },
      {
        onSuccess: ({ message }) => {
          if (message) toastSuccess(message);
          onClose();
        },
        onError: () => onClose(),
      },
    );
  };

  return (
    <Stack gap="md" data-testid="worklist-action-dialog" data-action={action}>
      <Text size="sm">{confirmText(action, row)}</Text>
      {toTypist ? (
        <Select
          label="Transcriptionist"
          placeholder={automatic ? 'Chosen by the centre (least open work)' : 'Choose a Transcriptionist'}
          withAsterisk={!automatic}
          data={(typists.data ?? []).map((t) => ({
            value: t.id,
            label: `${t.fullName} · ${t.isAvailable ? 'online' : 'offline'} · ${t.openWork} open`,
          }))}
          value={typistId}
          onChange={(value) => {
            setTypistId(value);
            setTypistError(null);
          }}
          clearable={automatic}
          searchable
          nothingFoundMessage={typists.isLoading ? 'Loading…' : 'No transcriptionist in this centre'}
          error={typistError}
          comboboxProps={{ withinPortal: true }}
          data-testid="worklist-action-typist"
        />
      ) : null}
      {reasonRule ? (
        <Textarea
          label="Reason"
          withAsterisk={reasonRule === 'required'}
          placeholder={reasonRule === 'required' ? 'Why?' : 'Optional'}
          value={reason}
          maxLength={500}
          autosize
          minRows={2}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonError(null);
          }}
          error={reasonError}
          data-autofocus
          data-testid="worklist-action-reason"
        />
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button
          color={DESTRUCTIVE_ACTIONS.includes(action) ? 'red' : 'blue'}
          loading={update.isPending}
          onClick={confirm}
          data-testid="worklist-action-confirm"
        >
          {CASE_ACTION_LABELS[action]}
        </Button>
      </Group>
    </Stack>
  );
}
