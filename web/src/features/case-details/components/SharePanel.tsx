import { Button, CopyButton, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { PUBLIC_ROUTES, SHARE_MAX_HOURS, routeTo, type CaseShare } from '@rayworks/contracts';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, shownByPolicy } from '../../../api/client';
import { formatDisplayDateTime } from '../../../shared/format';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { caseAuditKey } from '../../../shared/cases/useCase';
import { useShareCase } from '../hooks/useCaseRecords';

/** A shareable, expiring, read-only link to the case (the token is shown once: only its hash is kept). */
export function SharePanel({ caseId }: { caseId: string }) {
  const [hours, setHours] = useState<number>(24);
  const [share, setShare] = useState<CaseShare | null>(null);
  const queryClient = useQueryClient();
  const create = useShareCase(caseId, {
    onSuccess: (r) => {
      toastSuccess(r.message);
      setShare(r.data);
      void queryClient.invalidateQueries({ queryKey: caseAuditKey(caseId) });
    },
    onError: (error) => {
      if (!shownByPolicy(error)) toastError(describeError(error));
    },
  });
  const link = share ? `${window.location.origin}${routeTo(PUBLIC_ROUTES.sharedCase, { token: share.token })}` : null;
  return (
    <Stack gap="sm" mb="lg" data-testid="case-share">
      <Text size="sm" fw={600}>
        Share a read-only link
      </Text>
      <Group align="flex-end" gap="xs">
        <NumberInput
          label="Valid for (hours)"
          min={1}
          max={SHARE_MAX_HOURS}
          value={hours}
          onChange={(v) => setHours(typeof v === 'number' ? v : 24)}
          w={150}
          data-testid="case-share-hours"
        />
        <Button
          leftSection={<IconShare size={14} />}
          onClick={() => create.mutate(hours)}
          loading={create.isPending}
          data-testid="case-share-create"
        >
          Create link
        </Button>
      </Group>
      {share && link ? (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              value={link}
              readOnly
              style={{ flex: 1 }}
              aria-label="Shared link"
              data-testid="case-share-link"
            />
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            Works until {formatDisplayDateTime(share.expiresAt)}. Anyone with the link sees the patient and study
            details, read-only. It is shown only now.
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
