import { ActionIcon, Button, Group, Loader, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { type PatientHistoryEntry } from '@rayworks/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, shownByPolicy } from '../../../api/client';
import { formatDisplayDateTime } from '../../../shared/format';
import { ConfirmModal } from '../../../shared/ui/ConfirmModal';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { caseKey } from '../../../shared/cases/useCase';
import {
  useAddPatientHistory,
  useDeletePatientHistory,
  useEditPatientHistory,
  usePatientHistory,
} from '../hooks/useCaseRecords';

interface Props {
  caseId: string;
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/** The patient's history (kept per patient of the company, shown on each of their cases), newest first. */
export function PatientHistoryPanel({ caseId, canAdd, canEdit, canDelete }: Props) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ entry: PatientHistoryEntry; text: string } | null>(null);
  const [deleting, setDeleting] = useState<PatientHistoryEntry | null>(null);
  const query = usePatientHistory(caseId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: caseKey(caseId) });
  const onError = (error: unknown) => {
    if (!shownByPolicy(error)) toastError(describeError(error));
    void refresh();
  };
  const add = useAddPatientHistory(caseId, {
    onSuccess: (r) => {
      toastSuccess(r.message);
      setDraft('');
      void refresh();
    },
    onError,
  });
  const edit = useEditPatientHistory(caseId, {
    onSuccess: (r) => {
      toastSuccess(r.message);
      setEditing(null);
      void refresh();
    },
    onError,
  });
  const remove = useDeletePatientHistory(caseId, {
    onSuccess: (r) => {
      toastSuccess(r.message);
      setDeleting(null);
      void refresh();
    },
    onError: (error) => {
      setDeleting(null);
      onError(error);
    },
  });

  return (
    <Stack gap="sm" data-testid="case-history">
      {canAdd ? (
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            placeholder="Add to the patient's history"
            aria-label="Patient history"
            autosize
            minRows={1}
            maxRows={6}
            maxLength={4000}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            data-testid="case-history-input"
          />
          <Button
            onClick={() => add.mutate(draft.trim())}
            disabled={!draft.trim()}
            loading={add.isPending}
            data-testid="case-history-add"
          >
            Add
          </Button>
        </Group>
      ) : null}
      {query.isLoading ? (
        <Loader size="sm" />
      ) : query.isError ? (
        <Text size="sm" c="red">
          {describeError(query.error)}
        </Text>
      ) : (query.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          No history recorded for this patient.
        </Text>
      ) : (
        (query.data ?? []).map((entry) =>
          editing?.entry._id === entry._id ? (
            <Stack key={entry._id} gap={6}>
              <Textarea
                autosize
                minRows={2}
                maxLength={4000}
                value={editing.text}
                onChange={(e) => setEditing({ entry, text: e.currentTarget.value })}
                aria-label="Edit the history entry"
              />
              <Group gap="xs" justify="flex-end">
                <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
                <Button
                  size="xs"
                  loading={edit.isPending}
                  disabled={!editing.text.trim()}
                  onClick={() => edit.mutate(editing)}
                >
                  Save
                </Button>
              </Group>
            </Stack>
          ) : (
            <div key={entry._id} data-testid="case-history-entry">
              <Group gap={6} justify="space-between" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {entry.authorName ?? 'Someone'} · {formatDisplayDateTime(entry.createdAt)}
                  {entry.caseId !== caseId ? ' · another case of the patient' : ''}
                </Text>
                <Group gap={2} wrap="nowrap">
                  {canEdit ? (
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label="Edit"
                        onClick={() => setEditing({ entry, text: entry.text })}
                      >
                        <IconPencil size={14} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                  {canDelete ? (
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label="Delete"
                        onClick={() => setDeleting(entry)}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {entry.text}
              </Text>
            </div>
          ),
        )
      )}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete history entry"
        text="Delete this entry of the patient's history? Every case of the patient stops showing it."
        confirmLabel="Delete"
        confirmColor="red"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        confirmTestId="case-history-delete-confirm"
      />
    </Stack>
  );
}
