import { Button, Group, Text } from '@mantine/core';
import { DICTATION_MESSAGES } from '@rayworks/contracts';
import { IconMicrophone, IconPlayerPause, IconPlayerPlay, IconPlayerStop, type Icon } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError, shownByPolicy } from '../../../api/client';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { reportingApi } from '../api/reporting-api';
import { formatClock } from '../dictation-rules';
import { useClipPlayer } from '../hooks/useClipPlayer';
import { useDictationRecorder, type RecorderState } from '../hooks/useDictationRecorder';
import { dictationsKey } from './DictationClips';

/** The controls while recording: Pause, or Resume once paused, then Stop — in this order. */
const LIVE_CONTROLS: readonly {
  testId: string;
  label: string;
  icon: Icon;
  variant: 'default' | 'filled';
  color?: string;
  shownIn: readonly RecorderState[];
  act: 'pause' | 'resume' | 'stop';
}[] = [
  {
    testId: 'dictation-pause',
    label: 'Pause',
    icon: IconPlayerPause,
    variant: 'default',
    shownIn: ['recording'],
    act: 'pause',
  },
  {
    testId: 'dictation-resume',
    label: 'Resume',
    icon: IconPlayerPlay,
    variant: 'default',
    shownIn: ['paused'],
    act: 'resume',
  },
  {
    testId: 'dictation-stop',
    label: 'Stop',
    icon: IconPlayerStop,
    variant: 'filled',
    color: 'red',
    shownIn: ['recording', 'paused'],
    act: 'stop',
  },
];

/**
 * The radiologist's recorder (decision 0354): Record, Pause/Resume, Stop with the elapsed time; then the recording
 * plays back here (Play back) before it is attached to the report (or discarded). Attaching uploads it and keeps it as a clip of
 * the report's current version.
 */
export function DictationRecorder({ caseId }: { caseId: string }) {
  const rec = useDictationRecorder();
  const preview = useClipPlayer(rec.recording?.blob);
  const queryClient = useQueryClient();
  const [attaching, setAttaching] = useState(false);

  const attach = async () => {
    if (!rec.recording) return;
    setAttaching(true);
    try {
      const answer = await reportingApi.attachDictation(
        caseId,
        rec.recording.blob,
        rec.recording.type,
        rec.recording.durationMs,
      );
      toastSuccess(answer.message || DICTATION_MESSAGES.attached);
      rec.reset();
      await queryClient.invalidateQueries({ queryKey: dictationsKey(caseId) });
    } catch (e) {
      if (!shownByPolicy(e)) toastError(describeError(e));
    } finally {
      setAttaching(false);
    }
  };

  if (rec.state === 'unsupported')
    return (
      <Text size="sm" c="dimmed" data-testid="dictation-unsupported">
        This browser cannot record audio.
      </Text>
    );
  const live = rec.state === 'recording' || rec.state === 'paused';
  return (
    <Group gap="xs" data-testid="dictation-recorder" data-state={rec.state} wrap="wrap">
      {(rec.state === 'idle' || rec.state === 'starting' || rec.state === 'denied') && (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<IconMicrophone size={16} />}
          loading={rec.state === 'starting'}
          onClick={() => void rec.start()}
          data-testid="dictation-record"
        >
          Record dictation
        </Button>
      )}
      {LIVE_CONTROLS.filter((control) => control.shownIn.includes(rec.state)).map((control) => (
        <Button
          key={control.testId}
          size="xs"
          variant={control.variant}
          color={control.color}
          leftSection={<control.icon size={16} />}
          onClick={rec[control.act]}
          data-testid={control.testId}
        >
          {control.label}
        </Button>
      ))}
      {live && (
        <Text
          size="sm"
          ff="monospace"
          c={rec.state === 'recording' ? 'red.9' : 'dimmed'}
          data-testid="dictation-elapsed"
        >
          {rec.state === 'recording' ? '● Recording' : 'Paused'} {formatClock(rec.elapsedMs)}
        </Text>
      )}
      {rec.state === 'denied' && (
        <Text size="sm" c="red.9" data-testid="dictation-denied">
          The microphone was refused: allow it for this site to record.
        </Text>
      )}
      {rec.state === 'recorded' && rec.recording && (
        <>
          <Button
            size="xs"
            variant="default"
            leftSection={preview.state.paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
            onClick={() => preview.act('playPause')}
            disabled={!preview.state.ready}
            data-testid="dictation-preview"
            data-ready={preview.state.ready}
            data-error={preview.state.error}
            data-duration={preview.state.duration.toFixed(3)}
          >
            {preview.state.paused ? 'Play back' : 'Pause'}
          </Button>
          <Text size="sm" ff="monospace" data-testid="dictation-preview-position">
            {formatClock(preview.state.currentTime * 1000)} / {formatClock(rec.recording.durationMs)}
          </Text>
          <Button size="xs" loading={attaching} onClick={() => void attach()} data-testid="dictation-attach">
            Attach to report
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={rec.reset} disabled={attaching}>
            Discard
          </Button>
        </>
      )}
    </Group>
  );
}
