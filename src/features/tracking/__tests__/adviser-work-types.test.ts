import { forwardDecided } from '@/features/marketing/materials/store/materials-slice';
import { productShareSent } from '@/features/marketing/products/store/product-share-slice';
import { cardRestored, searchLoaded } from '@/features/marketing/workbench/store/pages-slice';
import {
  cardActionFailed,
  cardIgnoreRequested,
  cardListLoaded,
  cardSnoozeRequested,
  cardStateChanged,
  handleSubmitted,
} from '@/features/marketing/workbench/store/workbench-slice';
import { AdviserWorkType as T } from '@/features/tracking/own/adviser-work-types';
import { pageViewed } from '@/features/tracking/store/tracking-slice';

// Own tracking listens by type string (the marketing slices stay out of the first load): a renamed action
// would silently stop being counted, so every string is checked against the creator it stands for.
test('every adviser-work type string is the type of the action it stands for', () => {
  expect([
    T.cardListLoaded,
    T.cardSnoozeRequested,
    T.cardIgnoreRequested,
    T.cardStateChanged,
    T.cardActionFailed,
    T.handleSubmitted,
    T.cardRestored,
    T.searchLoaded,
    T.forwardDecided,
    T.productShareSent,
    T.pageViewed,
  ]).toEqual(
    [
      cardListLoaded,
      cardSnoozeRequested,
      cardIgnoreRequested,
      cardStateChanged,
      cardActionFailed,
      handleSubmitted,
      cardRestored,
      searchLoaded,
      forwardDecided,
      productShareSent,
      pageViewed,
    ].map((a) => a.type),
  );
});
