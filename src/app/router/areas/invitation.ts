import type { ScreenLoader } from '../types';

/** The screens of the member-invitation program: this small chunk is fetched before the screen's own (see ../screens.ts). */
export const loaders = {
  record: () => import('../../../features/invitation/screens/RecordScreen'),
  wechatH5: () => import('../../../features/invitation/screens/WechatH5Screen'),
  download: () => import('../../../features/invitation/screens/DownloadScreen'),
  rules: () => import('../../../features/invitation/screens/RulesScreen'),
} satisfies Record<string, ScreenLoader>;
