import { useEffect, useRef, useState } from 'react';

import { type Phase, PlayerControls } from './PlayerControls';
import { attachSource } from './video-source';

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
      const urls = { hlsUrl, mp4Url };
      const hls = await attachSource(
        video,
        urls,
        startRef.current,
        () => disposed,
        () => setPhase('error'),
      );
      if (hls === null) return;
      if (hls) hlsRef.current = hls;
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
    // startAt is read through its ref: a later seek must not reload the source.
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
      {/* Live streams and replays come without a caption track; the chat and the summary page carry the words. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
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
      <PlayerControls
        phase={phase}
        speeds={speeds}
        rate={rate}
        onPlay={() => setAttempt(1)}
        onRetry={() => setAttempt((n) => n + 1)}
        onRate={setRate}
      />
    </div>
  );
}
