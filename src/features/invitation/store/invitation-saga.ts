import { lazyFeatureSaga } from '@/store';

/** The root imports only this: the invitation workers (and the lazy slice they import) load with their own chunk on the first invitation event. */
export const invitationSaga = lazyFeatureSaga(['invitation/'], () =>
  import(/* webpackChunkName: "invitation" */ './invitation-workers').then((m) => m.runInvitation),
);
