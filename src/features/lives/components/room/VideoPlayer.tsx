import { useEffect, useRef, useState } from 'react';

export interface VideoPlayerProps {
  hlsUrl: string;
  mp4Url: string;
  poster: string;
  /** Replay: show speed buttons; live: none. */
  speeds?: readonly number[];
  /** Start at this offset (seconds), e.g. a live-minutes link. */
  startAt?: number;
  /** A chapter tap: seek the playing video and keep playing (n tells two taps on one chapter apart). */
  seek?: { at: number; n: number } | null;
}

type Phase = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

/** Cheap playability check: native HLS (Safari, WeChat on iOS, recent Chromium), else hls.js over MSE, else MP4. */
function pickSource(video: HTMLVideoElement): 'native-hls' | 'hls.js' | 'mp4' {
  if (video.canPlayType('application/vnd.apple.mpegurl')) return 'native-hls';
  if (typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"'))
    return 'hls.js';
  return 'mp4';
}

/**
 * A real player for lives and replays. Nothing plays until the viewer taps (WeChat and
 * iOS refuse autoplay with sound); errors show with a retry. hls.js loads only when needed.
 */
export default function VideoPlayer({ hlsUrl, mp4Url, poster, speeds, startAt: initialStart, seek }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<{ destroy(): void } | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [attempt, setAttempt] = useState(0);
  const [rate, setRate] = useState(1);
  // Where the first play starts: the address's offset, or the chapter tapped before playing.
  const startRef = useRef(initialStart);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || attempt === 0) return undefined;
    let disposed = false;
    const start = async () => {
      const source = pickSource(video);
      if (source === 'hls.js') {
        const { default: Hls } = await import(/* webpackChunkName: "hls" */ 'hls.js/light');
        if (disposed) return;
        if (Hls.isSupported()) {
          const hls = new Hls({ startPosition: startRef.current ?? -1 });
          hls.on(Hls.Events.ERROR, (_e: unknown, data: { fatal: boolean }) => {
            if (data.fatal) setPhase('error');
          });
          hls.loadSource(hlsUrl);
          hls.attachMedia(video);
          hlsRef.current = hls;
        } else {
          video.src = mp4Url;
        }
      } else {
        video.src = source === 'native-hls' ? hlsUrl : mp4Url;
      }
      const from = startRef.current;
      if (from) video.currentTime = from;
      try {
        await video.play();
      } catch {
        // Blocked or interrupted: leave the native controls to the viewer.
        if (!disposed) setPhase((p) => (p === 'error' ? p : 'paused'));
      }
    };
    setPhase('loading');
    void start();
    return () => {
      disposed = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
      video.removeAttribute('src');
      video.load();
    };
    // startAt is read through its ref: a later seek must not reload the source (issue 15 item 6).
  }, [attempt, hlsUrl, mp4Url]);

  // A chapter tap seeks in place: no new source, no remount, playback continues.
  const seekN = seek?.n;
  useEffect(() => {
    if (!seek) return;
    const video = videoRef.current;
    if (!video) return;
    if (attempt === 0) {
      startRef.current = seek.at;
      setAttempt(1);
      return;
    }
    video.currentTime = seek.at;
    if (video.paused) void video.play().catch(() => undefined);
  }, [seekN]); // eslint-disable-line react-hooks/exhaustive-deps -- one run per tap, not per attempt

  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = rate;
  }, [rate, phase]);

  return (
    <div className="player" data-phase={phase}>
      <video
        ref={videoRef}
        className="player__video"
        poster={poster}
        controls={phase !== 'idle'}
        playsInline
        preload="none"
        data-testid="video"
        onPlaying={() => setPhase('playing')}
        onPause={() => setPhase('paused')}
        onError={() => setPhase('error')}
      />
      {phase === 'idle' && (
        <button type="button" className="player__tap" onClick={() => setAttempt(1)} data-testid="play">
          <span aria-hidden="true">▶</span> 点击播放
        </button>
      )}
      {phase === 'error' && (
        <div className="player__error" role="alert">
          <p>视频加载失败，请检查网络</p>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            重试
          </button>
        </div>
      )}
      {speeds && phase !== 'idle' && (
        <div className="player__speeds" role="group" aria-label="播放速度">
          {speeds.map((s) => (
            <button key={s} type="button" aria-pressed={rate === s} onClick={() => setRate(s)}>
              {s}x
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
