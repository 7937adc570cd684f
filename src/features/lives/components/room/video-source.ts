/** Cheap playability check: native HLS (Safari, WeChat on iOS, recent Chromium), else hls.js over MSE, else MP4. */
function pickSource(video: HTMLVideoElement): 'native-hls' | 'hls.js' | 'mp4' {
  if (video.canPlayType('application/vnd.apple.mpegurl')) return 'native-hls';
  if (typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"'))
    return 'hls.js';
  return 'mp4';
}

export interface AttachedSource {
  destroy(): void;
}

/**
 * Gives the video its source: hls.js (loaded only when needed) or a plain src. Null when the caller was
 * disposed while hls.js loaded; a fatal hls.js error calls `onFatal`.
 */
export async function attachSource(
  video: HTMLVideoElement,
  urls: { hlsUrl: string; mp4Url: string },
  startAt: number | undefined,
  isDisposed: () => boolean,
  onFatal: () => void,
): Promise<AttachedSource | null | undefined> {
  const source = pickSource(video);
  if (source !== 'hls.js') {
    video.src = source === 'native-hls' ? urls.hlsUrl : urls.mp4Url;
    return undefined;
  }
  const { default: Hls } = await import(/* webpackChunkName: "hls" */ 'hls.js/light');
  if (isDisposed()) return null;
  if (!Hls.isSupported()) {
    video.src = urls.mp4Url;
    return undefined;
  }
  const hls = new Hls({ startPosition: startAt ?? -1 });
  hls.on(Hls.Events.ERROR, (_e: unknown, data: { fatal: boolean }) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(urls.hlsUrl);
  hls.attachMedia(video);
  return hls;
}
