/**
 * Two taps this close are one double tap (the usual phone setting is 300 ms; a person's double tap lands 60-250 ms
 * apart). Its second tap keeps what the first showed.
 */
const DOUBLE_TAP_MS = 300;
const secondOfDoubleTap = (before: number | undefined, at: number) =>
  before !== undefined && at >= before && at - before < DOUBLE_TAP_MS;

/** What the server stores of a toggle: its flag and the count beside it (liked and likes, followed and followers). */
type Stored<F extends string, C extends string> = Record<F, boolean> & Record<C, number>;
/** A toggle as shown: `saved` is what the server last stored, to go back to on a failure. */
export type Toggle<F extends string, C extends string> = Stored<F, C> & {
  pending: boolean;
  saved: Stored<F, C>;
  /** When the last tap on it came (the event's time stamp, ms): a tap soon after is the second half of a double tap. */
  tappedAt?: number;
};

/**
 * The like's and the follow's one behaviour, by their field names: a tap flips the flag and moves the count at
 * once, except a tap within DOUBLE_TAP_MS of the one before (the second half of a double tap keeps what the first
 * showed: on a phone a double tap means like, never like-then-unlike); the server's answer settles it, a tap made
 * since then keeping what it shows; a failure goes back to what the server has.
 */
export function tapToggle<F extends string, C extends string>(flag: F, count: C) {
  type Shown = Toggle<F, C>;
  const stored = (on: boolean, n: number) => ({ [flag]: on, [count]: n }) as Stored<F, C>;
  const on = (s: Stored<F, C>) => (s as Record<string, unknown>)[flag] as boolean;
  const counted = (s: Stored<F, C>) => (s as Record<string, unknown>)[count] as number;
  return {
    /** `server`: the flag and count the screen had from the server, for a toggle not tapped before. */
    tapped(now: Shown | undefined, server: Stored<F, C>, at: number): Shown {
      const before: Shown = now ?? {
        ...stored(on(server), counted(server)),
        pending: false,
        saved: stored(on(server), counted(server)),
      };
      if (secondOfDoubleTap(before.tappedAt, at)) return { ...before, tappedAt: at };
      const flipped = stored(!on(before), Math.max(0, counted(before) + (on(before) ? -1 : 1)));
      return { ...flipped, pending: true, saved: before.saved, tappedAt: at };
    },
    settled(now: Shown | undefined, server: Stored<F, C>): Shown {
      const saved = stored(on(server), counted(server));
      if (now && on(now) !== on(server))
        return { ...now, ...stored(on(now), Math.max(0, counted(server) + (on(now) ? 1 : -1))), saved };
      return { ...saved, pending: false, saved };
    },
    failed(now: Shown): Shown {
      return { ...now.saved, pending: false, saved: now.saved };
    },
  };
}
