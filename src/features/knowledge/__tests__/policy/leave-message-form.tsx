import { render } from '@testing-library/react';
import { Provider } from 'react-redux';

import { createAppStore } from '@/app/store/configure-app-store';
import { detail103, fakeServices } from '@/features/lives/__tests__/fixtures';
import { LeaveMessageForm } from '@/features/lives/components/room/LeaveMessageForm';
import { leaveMessageDraftChanged, liveDetailLoaded, liveScreenOpened } from '@/features/lives/store/live-room-slice';

/** The leave-message box of live 103 in the app's store, with `draft` typed when given; returns the store. */
export function renderLeaveMessageForm(draft?: string) {
  const store = createAppStore({ services: fakeServices() });
  store.dispatch(liveScreenOpened({ liveId: 103, screen: 'messages' }));
  store.dispatch(liveDetailLoaded({ detail: detail103, auth: null }));
  if (draft !== undefined) store.dispatch(leaveMessageDraftChanged(draft));
  render(
    <Provider store={store}>
      <LeaveMessageForm />
    </Provider>,
  );
  return store;
}
