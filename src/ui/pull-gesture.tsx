import { useDrag } from '@use-gesture/react';
import { type RefObject, useEffect, useRef } from 'react';

export interface PullGestureProps {
  /** The pull-to-refresh element the finger drags on. */
  target: RefObject<HTMLElement | null>;
  enabled: boolean;
  /** How far the finger has pulled down, in px, on each move of a pull. */
  onPull: (finger: number) => void;
  /** The finger left after a pull. */
  onRelease: () => void;
}

const scrollTopOf = (el: Element | Window): number => ('scrollY' in el ? el.scrollY : el.scrollTop);

/** A pull only starts where nothing above the finger can still scroll up, as in the UI kit. */
function atTop(from: EventTarget | null): boolean {
  let el = from instanceof Element ? from : null;
  for (; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if ((overflowY === 'auto' || overflowY === 'scroll') && scrollTopOf(el) > 0) return false;
  }
  return scrollTopOf(globalThis.window) <= 0;
}

/** The drag handling of PullRefresh, loaded after the page's load event: binds to its element, renders nothing. */
export function PullGesture({ target, enabled, onPull, onRelease }: PullGestureProps) {
  const pulling = useRef(false);

  // A listener on the element keeps iOS from jittering the page while it is pulled (the UI kit does the same).
  useEffect(() => {
    const el = target.current;
    const noop = () => undefined;
    el?.addEventListener('touchmove', noop);
    return () => el?.removeEventListener('touchmove', noop);
  }, [target]);

  useDrag(
    (state) => {
      if (state.last) {
        if (pulling.current) onRelease();
        pulling.current = false;
        return;
      }
      const finger = Math.ceil(state.movement[1]);
      if (state.first && finger > 0) pulling.current = atTop(state.event.target);
      if (!pulling.current) return;
      if (state.event.cancelable) state.event.preventDefault();
      state.event.stopPropagation();
      onPull(finger);
    },
    { pointer: { touch: true }, axis: 'y', target, enabled, eventOptions: { passive: false } },
  );
  return null;
}
