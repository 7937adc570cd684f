import { lazyFeatureSaga } from '@/store';

/**
 * The root imports only this: the marketing sagas load with their own chunk on the first marketing
 * event (a marketing screen opening), not on every page; events meanwhile are buffered and put again.
 */
export const marketingSaga = lazyFeatureSaga(
  ['workbench/', 'marketingPages/', 'marketingDetails/', 'productShare/', 'materials/', 'marketing/', 'backlog/'],
  () => import(/* webpackChunkName: "marketing-sagas" */ './marketing-workers').then((m) => m.runMarketing),
);
