import { Button, Group, Stack, Text } from '@mantine/core';
import type { ViewerPrior } from '../api/viewer-api';

const dicomDate = (d: string | null) =>
  d && /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}` : (d ?? '—');

/** Studies of the same patient (same company), newest first; Compare opens one beside the current study. */
export function PriorsPanel({
  priors,
  comparing,
  onCompare,
}: {
  priors: ViewerPrior[];
  comparing: string | null;
  onCompare(prior: ViewerPrior): void;
}) {
  if (priors.length === 0)
    return (
      <Text size="xs" c="dimmed">
        No prior studies
      </Text>
    );
  return (
    <Stack gap={6}>
      {priors.map((p) => (
        <div
          key={p.studyInstanceUid}
          data-testid={`prior-${p.studyInstanceUid}`}
          style={{ borderBottom: '1px solid #333', paddingBottom: 4 }}
        >
          <Text size="xs" c="#ddd">
            {dicomDate(p.studyDate)} · {p.modalities.join('/')}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {p.studyDescription ?? ''}
          </Text>
          <Group gap={4} mt={2}>
            <Button
              size="compact-xs"
              variant={comparing === p.studyInstanceUid ? 'filled' : 'default'}
              data-testid={`compare-${p.studyInstanceUid}`}
              onClick={() => onCompare(p)}
            >
              Compare
            </Button>
          </Group>
        </div>
      ))}
    </Stack>
  );
}
