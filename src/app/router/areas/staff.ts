import type { ScreenLoader } from '../types';

/** The staff desks: this small chunk is fetched before the screen's own (see ../screens.ts). */
export const loaders = {
  expertAnswers: () => import('../../../features/staff/screens/ExpertAnswersScreen'),
  reviewDesk: () => import('../../../features/staff/screens/ReviewDeskScreen'),
  complianceLog: () => import('../../../features/staff/screens/ComplianceLogScreen'),
} satisfies Record<string, ScreenLoader>;
