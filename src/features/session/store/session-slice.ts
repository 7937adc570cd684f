import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ApiErrorInfo } from '../../../api/errors';
import type { FlowState, SessionFlow, SessionState, ShareMenu } from './types';

import type { SendFailure } from '@/api/contract/market-map-send';
import { injectSlice } from '@/store';

const idleFlow: FlowState = { status: 'idle', error: null, signedInAt: null };

const initialState: SessionState = {
  required: null,
  flows: { workChat: idleFlow, webChat: idleFlow, share: idleFlow },
  share: { status: 'idle', menu: null, error: null, shares: 0 },
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** This page needs a flow (page load, retry, /jumpToWxAuth). Ignored while one runs. */
    sessionCheckRequested(state, action: PayloadAction<{ flow: SessionFlow }>) {
      const flow = state.flows[action.payload.flow];
      if (flow.status === 'checking' || flow.status === 'redirecting') return;
      state.required = action.payload.flow;
      flow.status = 'checking';
      flow.error = null;
    },
    /** Sent to the WeCom/WeChat authorization page; the page is about to unload. */
    sessionAuthorizationStarted(state, action: PayloadAction<{ flow: SessionFlow; reason: string }>) {
      const flow = state.flows[action.payload.flow];
      if (flow.status === 'checking') flow.status = 'redirecting';
    },
    sessionSignedIn(state, action: PayloadAction<{ flow: SessionFlow; at: number }>) {
      const flow = state.flows[action.payload.flow];
      if (flow.status !== 'checking') return;
      flow.status = 'signedIn';
      flow.signedInAt = action.payload.at;
    },
    /** Web-chat without a code and without a bound token: stored values were cleared. */
    sessionSignedOut(state, action: PayloadAction<{ flow: SessionFlow }>) {
      const flow = state.flows[action.payload.flow];
      if (flow.status === 'checking') flow.status = 'signedOut';
    },
    sessionCheckFailed(state, action: PayloadAction<{ flow: SessionFlow; error: ApiErrorInfo }>) {
      const flow = state.flows[action.payload.flow];
      if (flow.status !== 'checking') return;
      flow.status = 'failed';
      flow.error = action.payload.error;
    },

    /** /jumpToWxAuth opened: the saga authorizes (or exchanges the code it came back with). */
    wxAuthJumpOpened(_state) {
      // No state of its own: the web-chat flow's events follow.
    },
    /** A screen sets its share menu (title, description, link, image, timeline title). */
    shareMenuConfigured(state, action: PayloadAction<ShareMenu>) {
      state.share = { ...state.share, status: 'waiting', menu: action.payload, error: null };
    },
    /** A screen that must not be shared hides the menu. */
    shareMenuHidden(state) {
      state.share = { ...state.share, status: 'waiting', menu: null, error: null };
    },
    /** The SDK accepted the config and the menu was set (or hidden). */
    shareMenuApplied(state, action: PayloadAction<{ hidden: boolean }>) {
      if (state.share.status === 'waiting') state.share.status = action.payload.hidden ? 'hidden' : 'shown';
    },
    shareMenuUnavailable(state) {
      if (state.share.status === 'waiting') state.share.status = 'unsupported';
    },
    shareMenuFailed(state, action: PayloadAction<{ error: ApiErrorInfo }>) {
      if (state.share.status !== 'waiting') return;
      state.share.status = 'failed';
      state.share.error = action.payload.error;
    },
    /** The SDK's share callback: the user shared the page to a chat or the timeline. */
    /** WeCom "发送给客户": the share saga sends the link through the JS-SDK. */
    customerShareRequested(
      _state,
      // externalUserId: open the chat with that WeCom external contact first, then send into it.
      _action: PayloadAction<
        Required<Pick<ShareMenu, 'title' | 'desc' | 'link'>> & {
          imgUrl: string;
          externalUserId?: string;
          /** A plain text instead of the link card (发消息's text option). */
          text?: string;
        }
      >,
    ) {},
    customerShareSent(_state, _action: PayloadAction<{ via: 'sendChatMessage' | 'shareToExternalContact' }>) {},
    /** code: why, for the trail (SDK_TIMEOUT after SEND_TIMEOUT_MS without an answer, SEND_CANCELLED …). */
    customerShareFailed(_state, _action: PayloadAction<{ message: string; code?: SendFailure }>) {},
    shareCompleted(state, _action: PayloadAction<{ channel: 'appMessage' | 'timeline' }>) {
      if (state.share.status === 'shown') state.share.shares += 1;
    },
  },
});

export const {
  sessionCheckRequested,
  sessionAuthorizationStarted,
  sessionSignedIn,
  sessionSignedOut,
  sessionCheckFailed,
  wxAuthJumpOpened,
  shareMenuConfigured,
  shareMenuHidden,
  shareMenuApplied,
  shareMenuUnavailable,
  shareMenuFailed,
  shareCompleted,
  customerShareRequested,
  customerShareSent,
  customerShareFailed,
} = sessionSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof sessionSlice> {}
}

// A home-screen slice: the app imports it before it builds its store (src/app/store/eager-slices.ts).
export const selectSessionState = injectSlice(sessionSlice);
