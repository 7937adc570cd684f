import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import { injectSlice } from '@/store';

/** How this phone wakes the app (deeplink answer, docs/rules/services.md#deeplink): the link that opens it, and where to go when it does not. */
export interface WakeLink {
  url: string;
  download: string;
}

/**
 * /download: the deeplink answer's download addresses for both systems (each button goes to its own),
 * and one wake-up at a time: waking → opened (the page went to the background) or fellBack (to the download).
 */
export interface DownloadState {
  links: {
    status: 'idle' | 'loading' | 'loaded' | 'failed';
    android: string | null;
    ios: string | null;
    error: string | null;
  };
  /** null: this system cannot be woken (no scheme in the answer, or neither Android nor iOS). */
  wakeLink: WakeLink | null;
  wake: 'idle' | 'waking' | 'opened' | 'fellBack';
}

export const initialDownloadState: DownloadState = {
  links: { status: 'idle', android: null, ios: null, error: null },
  wakeLink: null,
  wake: 'idle',
};

// Named under invitation/ so the feature's lazy saga wakes on these events too.
const downloadSlice = createSlice({
  name: 'invitation/download',
  reducerPath: 'invitationDownload',
  initialState: initialDownloadState,
  reducers: {
    /** /download opened on a phone (or its retry): the deeplink parameters for this key. */
    downloadPageOpened(state, _action: PayloadAction<{ key: string }>) {
      if (state.links.status === 'loading') return;
      state.links = { ...state.links, status: 'loading', error: null };
      state.wake = 'idle';
    },
    downloadLinksLoaded(
      state,
      action: PayloadAction<{ android: string | null; ios: string | null; wakeLink: WakeLink | null }>,
    ) {
      if (state.links.status !== 'loading') return;
      const { android, ios, wakeLink } = action.payload;
      state.links = { status: 'loaded', android, ios, error: null };
      state.wakeLink = wakeLink;
    },
    downloadLinksFailed(state, action: PayloadAction<{ message: string }>) {
      if (state.links.status === 'loading')
        state.links = { ...state.links, status: 'failed', error: action.payload.message };
    },
    /** 打开 App: only with a wake link, one at a time. */
    appWakeRequested(state) {
      if (state.wakeLink && state.wake !== 'waking') state.wake = 'waking';
    },
    /** The page went to the background within the wait: the app opened over it. */
    appWakeOpened(state) {
      if (state.wake === 'waking') state.wake = 'opened';
    },
    /** Still in front after the wait: on to this system's download address. */
    appWakeFellBack(state, _action: PayloadAction<{ url: string }>) {
      if (state.wake === 'waking') state.wake = 'fellBack';
    },
  },
});

export const downloadEvents = downloadSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof downloadSlice> {}
}

export const selectDownload = injectSlice(downloadSlice);
export const downloadReducer = downloadSlice.reducer;
