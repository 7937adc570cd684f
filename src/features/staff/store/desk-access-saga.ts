import { lazyFeatureSaga } from '@/store';

/** The desks' role gate: its worker (and slice) load with the first desk screen's event. */
export const deskAccessSaga = lazyFeatureSaga(['deskAccess/'], () =>
  import(/* webpackChunkName: "desk-access" */ './desk-access-workers').then((m) => m.runDeskAccess),
);
