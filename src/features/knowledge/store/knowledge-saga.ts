import { lazyFeatureSaga } from '@/store';

/** The root imports only this: the store's workers (and its slice) load with their own chunk on the first knowledge event. */
export const knowledgeSaga = lazyFeatureSaga(['knowledge/'], () =>
  import(/* webpackChunkName: "knowledge" */ './knowledge-workers').then((m) => m.runKnowledge),
);
