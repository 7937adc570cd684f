import type { ScreenLoader } from '../types';

/** The screens of the knowledge and expert store: this small chunk is fetched before the screen's own (see ../screens.ts). */
export const loaders = {
  expertMore: () => import('../../../features/knowledge/screens/ExpertMoreScreen'),
  coreMemberDetail: () => import('../../../features/knowledge/screens/CoreMemberDetailScreen'),
  shopIndex: () => import('../../../features/knowledge/screens/ShopIndexScreen'),
  productList: () => import('../../../features/knowledge/screens/ProductListScreen'),
  shopList: () => import('../../../features/knowledge/screens/ShopListScreen'),
  articleDetail: () => import('../../../features/knowledge/screens/ArticleDetailScreen'),
  questionList: () => import('../../../features/knowledge/screens/QuestionListScreen'),
  questionDetail: () => import('../../../features/knowledge/screens/QuestionDetailScreen'),
  guide: () => import('../../../features/knowledge/screens/GuideScreen'),
  agencyViews: () => import('../../../features/knowledge/screens/AgencyViewsScreen'),
  fundDetail: () => import('../../../features/knowledge/screens/FundDetailScreen'),
  contentRecognition: () => import('../../../features/knowledge/screens/ContentRecognitionScreen'),
  storeReview: () => import('../../../features/knowledge/screens/StoreReviewScreen'),
} satisfies Record<string, ScreenLoader>;
