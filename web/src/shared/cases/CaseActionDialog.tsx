import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { CASE_ACTION_LABELS, type Case, type CaseAction } from '@rayworks/contracts';
import { useState } from 'react';
import { toastSuccess } from '../ui/toast';
import { useCaseAction, useFusionCentres } from './useCaseActions';
import { TypistSelect, useTypistChoice } from './TypistSelect';
import { confirmText, DESTRUCTIVE_ACTIONS, REASON_ACTIONS, REASON_REQUIRED } from './worklist-actions';

export interface PendingAction {
  row: Case;
  action: CaseAction;
}

/** The words of the fusion-centre choice (sending a case to a fusion centre it has a contract with). */
export const CHOOSE_FUSION_CENTRE = 'Choose the fusion centre';

interface Props {
  pending: PendingAction | null;
  onClose: () => void;
}

/**
 * The confirmation of one worklist action (its route, with the row's version): what will happen, a reason where one
 * is asked for (required to reject and to recall), the transcriptionist when sending to typing, the fusion centre when
 * sending to fusion. A refusal
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
  const update = useCaseAction();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const toTypist = action === 'SEND_TO_TYPIST';
  const typist = useTypistChoice(row.centreId, toTypist);
  const typistId = typist.typistId;
  const reasonRule = REASON_ACTIONS[action];
  const toFusion = action === 'SEND_TO_FUSION';
  const fusionCentres = useFusionCentres(row.groupId, toFusion);
  const [fusionCentreId, setFusionCentreId] = useState<string | null>(null);
  const [fusionError, setFusionError] = useState<string | null>(null);

  const confirm = () => {
    if (reasonRule === 'required' && !reason.trim()) {
      setReasonError(REASON_REQUIRED);
      return;
    }
    if (toTypist && !typist.validate()) return;
    if (toFusion && !fusionCentreId) {
      setFusionError(CHOOSE_FUSION_CENTRE);
      return;
    }
    update.mutate(
      { row, action, reason, ...(typistId ? { typistId } : {}), ...(fusionCentreId ? { fusionCentreId } : {}) },
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
      {toTypist ? <TypistSelect choice={typist} testId="worklist-action-typist" /> : null}
      {toFusion ? (
        <Select
          label="Fusion centre"
          placeholder={CHOOSE_FUSION_CENTRE}
          withAsterisk
          data={(fusionCentres.data ?? []).map((c) => ({
            value: c.fusionCentreId,
            label: c.fusionCentreName ?? c.fusionCentreId,
          }))}
          value={fusionCentreId}
          onChange={(value) => {
            setFusionCentreId(value);
            setFusionError(null);
          }}
          nothingFoundMessage={fusionCentres.isLoading ? 'Loading…' : 'No fusion contract for this group'}
          error={fusionError}
          comboboxProps={{ withinPortal: true }}
          data-testid="worklist-action-fusion-centre"
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
