import { lazyFeatureSaga } from '@/store';

/** The root imports only this: 我的's workers load with their own chunk on its first event. */
export const mineSaga = lazyFeatureSaga(['mine/'], () =>
  import(/* webpackChunkName: "mine-workers" */ './mine-workers').then((m) => m.runMine),
);
