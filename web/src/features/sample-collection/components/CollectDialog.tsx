import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  COLLECTION_PLACE_LABELS,
  COLLECTION_PLACES,
  SAMPLE_SCREEN_TEXT as T,
  type CollectionPlace,
  type Sample,
} from '@rayworks/contracts';
import { useState } from 'react';
import { useSession } from '../../../shared/session/useSession';
import { SampleSummary } from '../../../shared/samples/SampleSummary';
import { useCollectSample } from '../hooks/useSamples';

/** A datetime-local input's value for a moment, in the browser's time zone (minutes). */
const localInputValue = (d: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** Collect a sample: who drew it (default: the signed-in user), when (default now), at the centre or at home. */
export function CollectDialog({ sample, onClose }: { sample: Sample; onClose: () => void }) {
  const { profile } = useSession();
  const [place, setPlace] = useState<CollectionPlace>('CENTRE');
  const [collector, setCollector] = useState('');
  const me = profile ? `${profile.firstName} ${profile.lastName}`.trim() : '';
  const [at, setAt] = useState(() => localInputValue(new Date()));
  const collect = useCollectSample(onClose);
  const max = localInputValue(new Date());
  return (
    <Modal opened onClose={onClose} title={`${T.collect} ${sample.barcode}`} size="lg">
      <Stack gap="md">
        <SampleSummary sample={sample} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {T.place}
          </Text>
          <SegmentedControl
            value={place}
            onChange={(v) => setPlace(v as CollectionPlace)}
            data={COLLECTION_PLACES.map((p) => ({ value: p, label: COLLECTION_PLACE_LABELS[p] }))}
            data-testid="collect-place"
          />
        </Stack>
        <TextInput
          label={T.collector}
          description="Leave empty when you drew it yourself"
          placeholder={me}
          value={collector}
          onChange={(e) => setCollector(e.currentTarget.value)}
          maxLength={100}
          data-testid="collect-collector"
        />
        <TextInput
          type="datetime-local"
          label={T.collectedAt}
          value={at}
          max={max}
          onChange={(e) => setAt(e.currentTarget.value)}
          data-testid="collect-at"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={collect.isPending}
            disabled={!at}
            data-testid="collect-submit"
            onClick={() =>
              collect.mutate({
                sampleId: sample._id,
                place,
                collectedAt: new Date(at).toISOString(),
                ...(collector.trim() ? { collectorName: collector.trim() } : {}),
              })
            }
          >
            {T.collect}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
