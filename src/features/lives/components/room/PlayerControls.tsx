export type Phase = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

interface PlayerControlsProps {
  phase: Phase;
  speeds?: readonly number[];
  rate: number;
  onPlay(): void;
  onRetry(): void;
  onRate(rate: number): void;
}

/** What sits over the video: the first tap to play, the error with a retry, and replay speeds. */
export function PlayerControls({ phase, speeds, rate, onPlay, onRetry, onRate }: PlayerControlsProps) {
  return (
    <>
      {phase === 'idle' && (
        <button type="button" className="player__tap" onClick={onPlay} data-testid="play">
          <span aria-hidden="true">▶</span> 点击播放
        </button>
      )}
      {phase === 'error' && (
        <div className="player__error" role="alert">
          <p>视频加载失败，请检查网络</p>
          <button type="button" onClick={onRetry}>
            重试
          </button>
        </div>
      )}
      {speeds && phase !== 'idle' && (
        <div className="player__speeds" role="group" aria-label="播放速度">
          {speeds.map((s) => (
            <button key={s} type="button" aria-pressed={rate === s} onClick={() => onRate(s)}>
              {s}x
            </button>
          ))}
        </div>
      )}
    </>
  );
}
