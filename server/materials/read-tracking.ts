// Folding read beacons of a tracked link into one open (pure). Beacons come batched, may repeat
// or arrive out of order (a closed tab sends its last one by sendBeacon), so an open only ever
// grows: seconds are the largest reported, depth the deepest, both clamped to sane bounds.

/** A read of at least this long becomes a behaviour signal for the card engine. */
export const READ_SIGNAL_SECONDS = 30;
/** One reading session cannot count more than this (a tab left open overnight is not a read). */
export const MAX_READ_SECONDS = 2 * 60 * 60;

export interface ReadBeacon {
  /** Seconds of visible reading so far in this session, as the page counted them. */
  seconds: number;
  /** Deepest scroll reached so far, 0..1 of the document height. */
  depth: number;
}

export interface OpenState {
  seconds: number;
  maxScroll: number;
  behaviourAt: Date | null;
}

export interface FoldResult {
  next: OpenState;
  /** True exactly once: the fold that carried the open past the threshold. */
  becameSignal: boolean;
}

function clamp(value: number, lo: number, hi: number): number {
  if (!Number.isFinite(value)) return lo;
  return Math.min(hi, Math.max(lo, value));
}

export function foldBeacons(open: OpenState, beacons: readonly ReadBeacon[], now: Date): FoldResult {
  let seconds = open.seconds;
  let maxScroll = open.maxScroll;
  for (const b of beacons) {
    seconds = Math.max(seconds, Math.floor(clamp(b.seconds, 0, MAX_READ_SECONDS)));
    maxScroll = Math.max(maxScroll, clamp(b.depth, 0, 1));
  }
  const becameSignal = open.behaviourAt === null && seconds >= READ_SIGNAL_SECONDS;
  return {
    next: {
      seconds,
      maxScroll: Math.round(maxScroll * 1000) / 1000,
      behaviourAt: becameSignal ? now : open.behaviourAt,
    },
    becameSignal,
  };
}

/** How the adviser reads it on the customer card: "阅读 42 秒 · 看到 80%". */
export function describeRead(seconds: number, maxScroll: number): string {
  return `阅读 ${seconds} 秒 · 看到 ${Math.round(maxScroll * 100)}%`;
}
