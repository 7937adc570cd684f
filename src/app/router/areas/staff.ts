import type { ScreenLoader } from '../types';

const gate = () => import('../../../features/staff/components/DeskGate');

/**
 * The staff desks: this small chunk is fetched before the screen's own (see ../screens.ts). Each desk opens behind
 * its role gate (features/staff DeskGate): the wrong role sees one page saying who may use it, nothing else.
 */
export const loaders = {
  expertAnswers: () =>
    Promise.all([gate(), import('../../../features/staff/screens/ExpertAnswersScreen')]).then(([g, s]) => ({
      default: g.gatedDesk('expertAnswers', s.default),
    })),
  reviewDesk: () =>
    Promise.all([gate(), import('../../../features/staff/screens/ReviewDeskScreen')]).then(([g, s]) => ({
      default: g.gatedDesk('reviewDesk', s.default),
    })),
  complianceLog: () =>
    Promise.all([gate(), import('../../../features/staff/screens/ComplianceLogScreen')]).then(([g, s]) => ({
      default: g.gatedDesk('complianceLog', s.default),
    })),
} satisfies Record<string, ScreenLoader>;
