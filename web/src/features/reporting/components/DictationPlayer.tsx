import { ActionIcon, Group, Loader, Paper, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { DICTATION_KEYS, DICTATION_SKIP_SECONDS, DICTATION_SPEEDS, type DictationClip } from '@rayworks/contracts';
import { IconPlayerPause, IconPlayerPlay, IconPlayerTrackNext, IconPlayerTrackPrev } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatDisplayDateTime } from '../../../shared/format';
import { reportingApi } from '../api/reporting-api';
import { formatClock, type PlayerAction } from '../dictation-rules';
import { useClipPlayer } from '../hooks/useClipPlayer';

/** What the clips' keyboard handler asks of a player: its audio element's actions. */
export interface PlayerHandle {
  act(action: PlayerAction): void;
}

/**
 * One dictation clip with its player (decision 0355): play/pause, rewind and forward by DICTATION_SKIP_SECONDS, the
 * speed, the position and length; the audio comes through the service and plays on the Web Audio API (clip-player.ts).
 * The active player is the one the foot pedal's keys drive (DictationClips).
 */
export function DictationPlayer({
  caseId,
  clip,
  index,
  active,
  onActivate,
  register,
}: {
  caseId: string;
  clip: DictationClip;
  index: number;
  active: boolean;
  onActivate(): void;
  register(handle: PlayerHandle | null): void;
}) {
  const audio = useQuery({
    queryKey: ['reporting', 'dictation-audio', clip.id],
    queryFn: ({ signal }) => reportingApi.dictationAudio(caseId, clip.id, signal),
    staleTime: Infinity,
  });
  const player = useClipPlayer(audio.data);
  const { state } = player;
  const [speed, setSpeed] = useState('1');

  const act = (action: PlayerAction) => {
    onActivate();
    player.act(action);
  };
  const handle = useRef<PlayerHandle>({ act });
  useEffect(() => {
    handle.current.act = act;
  });
  useEffect(() => {
    register(handle.current);
    return () => register(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- registered once; act is kept current above
  }, []);
  useEffect(() => {
    player.setRate(Number(speed));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rate again when the player is made
  }, [speed, state.ready]);
  const playing = !state.paused;
  const src = state.ready;
  const position = state.currentTime;

  const label = `Dictation ${index + 1}`;
  const length = formatClock(state.ready ? state.duration * 1000 : clip.durationMs);
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-testid="dictation-clip"
      data-clip-id={clip.id}
      data-active={active}
      data-playing={playing}
      data-paused={state.paused}
      data-current-time={state.currentTime.toFixed(3)}
      data-duration={state.duration.toFixed(3)}
      data-ready={state.ready}
      onFocusCapture={onActivate}
      style={active ? { borderColor: 'var(--mantine-color-blue-filled)' } : undefined}
      role="group"
      aria-label={label}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <Tooltip label={`Rewind ${DICTATION_SKIP_SECONDS} s (${DICTATION_KEYS.rewind})`}>
            <ActionIcon
              variant="default"
              aria-label={`Rewind ${DICTATION_SKIP_SECONDS} seconds (${DICTATION_KEYS.rewind})`}
              onClick={() => act('rewind')}
              disabled={!src}
              data-testid="dictation-rewind"
            >
              <IconPlayerTrackPrev size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={`${playing ? 'Pause' : 'Play'} (${DICTATION_KEYS.playPause})`}>
            <ActionIcon
              variant="filled"
              aria-label={`${playing ? 'Pause' : 'Play'} (${DICTATION_KEYS.playPause})`}
              onClick={() => act('playPause')}
              disabled={!src}
              data-testid="dictation-play"
            >
              {playing ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={`Forward ${DICTATION_SKIP_SECONDS} s (${DICTATION_KEYS.forward})`}>
            <ActionIcon
              variant="default"
              aria-label={`Forward ${DICTATION_SKIP_SECONDS} seconds (${DICTATION_KEYS.forward})`}
              onClick={() => act('forward')}
              disabled={!src}
              data-testid="dictation-forward"
            >
              <IconPlayerTrackNext size={16} />
            </ActionIcon>
          </Tooltip>
          {audio.isLoading && <Loader size="xs" type="dots" aria-label="Loading the dictation" />}
          <Text size="sm" ff="monospace" data-testid="dictation-position" aria-label="Position">
            {formatClock(position * 1000)} / {length}
          </Text>
        </Group>
        <SegmentedControl
          size="xs"
          value={speed}
          onChange={setSpeed}
          data={DICTATION_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
          aria-label={`${label} speed`}
          data-testid="dictation-speed"
        />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {label} · {length} · on version {clip.reportVersion} · {clip.recordedByName ?? 'the radiologist'} ·{' '}
        {formatDisplayDateTime(clip.createdAt)}
      </Text>
      {(audio.isError || state.error) && (
        <Text size="xs" c="red">
          The recording could not be loaded.
        </Text>
      )}
    </Paper>
  );
}
