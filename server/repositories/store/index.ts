import type { Db } from '../../db/client';
import { createStoreAnswers } from './answers';
import { createStoreArticles } from './articles';
import { createStoreExperts } from './experts';
import { createStoreFollows } from './follows';
import { createStoreLikes } from './likes';
import { createStoreProducts } from './products';
import { createStoreQualifications } from './qualifications';
import { createStoreQuestions } from './questions';
import { createStoreReview } from './review';
import { createStoreSignIns } from './sign-ins';

/**
 * The knowledge store's data, one repository object made of one part per resource: articles, experts
 * (and follows), products (and the qualification a private fund needs), questions, answers and their
 * review, likes, sign-ins. Shared paging, cursors and holds are in query.ts.
 */
export function createStoreRepository(db: Db) {
  return {
    ...createStoreArticles(db),
    ...createStoreExperts(db),
    ...createStoreFollows(db),
    ...createStoreProducts(db),
    ...createStoreQualifications(db),
    ...createStoreQuestions(db),
    ...createStoreAnswers(db),
    ...createStoreReview(db),
    ...createStoreLikes(db),
    ...createStoreSignIns(db),
  };
}
export type StoreRepository = ReturnType<typeof createStoreRepository>;
