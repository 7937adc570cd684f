/**
 * Where a paged list goes when a load fails. A refresh over rows already on screen leaves them standing: the list
 * stays loaded and keeps the error, which pull-to-refresh reads to say 刷新失败, so paging on and the list's foot
 * are as they were before the pull. A first load or a next page that fails leaves the list failed, and the foot
 * (or the empty screen) offers to try that load again.
 */
export function statusAfterFailure(before: string, shown: boolean): 'loaded' | 'failed' {
  return before === 'refreshing' && shown ? 'loaded' : 'failed';
}

/** A next page is asked for once the list is loaded, or again after it failed (the foot's retry), while there is one. */
export const nextPageOpen = (status: string, cursor: string | null) =>
  (status === 'loaded' || status === 'failed') && cursor !== null;
