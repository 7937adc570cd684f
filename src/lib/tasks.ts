/**
 * Settles in a later task (a timer's turn), so the work after it is a task of its own: on a slow phone two pieces of
 * startup work done in one task are one long task a tap waits out, in two tasks the tap comes between them.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => void setTimeout(resolve, 0));
}

/** How long afterFirstFrame waits for a frame before it settles anyway (a tab opened in the background renders none). */
export const FIRST_FRAME_WAIT_MS = 3_000;

/**
 * Settles in a task after the page's first frame is on screen: the browser begins a second frame (and runs its
 * animation-frame callbacks) only once the first is rasterised. Scripts started sooner take the cores that raster
 * needs: on a 2-core machine the server-rendered list reached the screen a second after its layout.
 */
export function afterFirstFrame(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, FIRST_FRAME_WAIT_MS);
    requestAnimationFrame(() => void setTimeout(resolve, 0));
  });
}
