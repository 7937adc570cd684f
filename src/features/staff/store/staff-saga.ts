import { lazyFeatureSaga } from '@/store';

/** The root imports only this: the desks' workers (and slice) load with their own chunk on the first staff event. */
export const staffSaga = lazyFeatureSaga(['staff/'], () =>
  import(/* webpackChunkName: "staff" */ './staff-workers').then((m) => m.runStaff),
);
