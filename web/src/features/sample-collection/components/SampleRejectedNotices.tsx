import { Alert, Anchor, CloseButton, Group, Stack, Text } from '@mantine/core';
import {
  CONSOLE_ROUTES,
  GENERIC,
  rejectionReasonLabel,
  SAMPLE_SCREEN_TEXT as T,
  type SampleRejectedMessage,
} from '@rayworks/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useRealtimeEvents } from '../../../realtime/useRealtimeEvents';
import { useCan } from '../../../shared/hooks/useCan';
import { limsKeys, SAMPLES } from '../hooks/sample-keys';
import { NOTICE_LINK } from '../../../shared/ui/notice-link';

/**
 * The console's live notice of a rejected sample (docs/decisions/0299): the lab's `lims:sample-rejected` push reaches
 * the centre side of the sample's registration (the rooms of case reach); a user who collects samples sees it above
 * every screen, with the new barcode to collect, until dismissed, and the sample lists are read again.
 */
export function SampleRejectedNotices() {
  const can = useCan();
  return can('SAMPLE_COLLECTION', GENERIC.VIEW) ? <Notices /> : null;
}

function Notices() {
  const pushed = useRealtimeEvents('lims:sample-rejected');
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const queryClient = useQueryClient();
  useEffect(() => {
    if (pushed.length > 0) void queryClient.invalidateQueries({ queryKey: limsKeys.kind(SAMPLES) });
  }, [pushed.length, queryClient]);
  const open = pushed.filter((m: SampleRejectedMessage) => !dismissed.has(m.sampleId));
  if (open.length === 0) return null;
  return (
    <Stack gap="xs" mb="sm" data-testid="sample-rejected-notices">
      {open.map((m) => (
        <Alert
          key={m.sampleId}
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="sample-rejected-notice"
          data-barcode={m.barcode}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text size="sm" fw={600}>
                {T.rejectedNotice(m.barcode, rejectionReasonLabel(m.reason))}
              </Text>
              <Text size="sm">
                Registration {m.registrationNumber}: collect it again on{' '}
                <Anchor
                  component={Link}
                  to={`${CONSOLE_ROUTES.samplecollection}?status=PENDING_COLLECTION`}
                  {...NOTICE_LINK}
                >
                  {m.recollectionBarcode}
                </Anchor>
                .
              </Text>
            </div>
            <CloseButton aria-label="Dismiss" onClick={() => setDismissed((d) => new Set([...d, m.sampleId]))} />
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
