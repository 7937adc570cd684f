// Load states every marketing list and read shares.
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
/** A paged list: refreshing keeps what is shown, loadingMore appends. */
export type PagedStatus = 'idle' | 'loading' | 'refreshing' | 'loadingMore' | 'loaded' | 'failed';
