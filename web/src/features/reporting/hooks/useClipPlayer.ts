import { useEffect, useState } from 'react';
import { playerOf, type ClipPlayer } from '../clip-player';
import { skipTo, type PlayerAction } from '../dictation-rules';

export interface ClipPlayerState {
  ready: boolean;
  error: boolean;
  paused: boolean;
  currentTime: number;
  duration: number;
}

const IDLE: ClipPlayerState = { ready: false, error: false, paused: true, currentTime: 0, duration: 0 };

/**
 * A ClipPlayer of a blob, and its state for rendering: position (updated while playing), paused, length. `act` is
 * what the buttons and the foot pedal's keys do.
 */
export function useClipPlayer(blob: Blob | null | undefined) {
  const [player, setPlayer] = useState<ClipPlayer | null>(null);
  const [state, setState] = useState<ClipPlayerState>(IDLE);

  useEffect(() => {
    if (!blob) return;
    let live = true;
    let made: ClipPlayer | null = null;
    let timer: number | undefined;
    const read = (p: ClipPlayer) =>
      setState({ ready: true, error: false, paused: p.paused, currentTime: p.currentTime, duration: p.duration });
    playerOf(blob).then(
      (p) => {
        if (!live) return p.dispose();
        made = p;
        setPlayer(p);
        read(p);
        p.onChange(() => {
          read(p);
          window.clearInterval(timer);
          if (!p.paused) timer = window.setInterval(() => read(p), 100);
        });
      },
      () => live && setState({ ...IDLE, error: true }),
    );
    return () => {
      live = false;
      window.clearInterval(timer);
      made?.dispose();
      setPlayer(null);
      setState(IDLE);
    };
  }, [blob]);

  const act = (action: PlayerAction) => {
    if (!player) return;
    if (action === 'playPause') {
      if (player.paused) player.play();
      else player.pause();
    } else player.seek(skipTo(player.currentTime, action === 'rewind' ? -1 : 1, player.duration));
  };
  const setRate = (rate: number) => player?.setRate(rate);
  return { state, act, setRate };
}
