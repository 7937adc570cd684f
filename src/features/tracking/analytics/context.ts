import { ANALYTICS } from '../../../api/contract/tracking-wire';

/**
 * The `project` by launch context (docs/rules/services.md#analytics): gongmu_prod from the fund app, the share
 * project for the mini-program and share pages, default otherwise.
 */
export function analyticsProjectFor(search: string, userAgent: string): string {
  const q = new URLSearchParams(search);
  const fromApp = q.get('fromApp') ?? q.get('from_app');
  if (fromApp === 'smileFund' || q.get('from') === 'smileFund') return ANALYTICS.fundAppProject;
  if (/miniProgram/i.test(userAgent) || q.get('from') === 'weapp' || q.has('share') || q.get('isShare') === '1')
    return ANALYTICS.shareProject;
  return ANALYTICS.defaultProject;
}

export interface HeatmapConfig {
  heatmap: boolean;
  visualTracking: boolean;
  staticDomain: string;
}

/** Which scripts to load from the static host and which notices to log (docs/rules/services.md#analytics, docs/rules/errors.md#analytics-notices). */
export function heatmapPlan(
  config: HeatmapConfig,
  pageProtocol: string,
  serverUrl: string,
): { scripts: string[]; notices: string[] } {
  const notices: string[] = [];
  const scripts: string[] = [];
  const serverHttp = /^http:/i.test(serverUrl);
  if (pageProtocol === 'https:' && serverHttp)
    notices.push('当前页面为 https，而行为分析数据接收地址为 http：热力图与可视化埋点无法使用');
  if (!config.heatmap) notices.push('热力图未开启');
  else if (!(pageProtocol === 'https:' && serverHttp)) scripts.push(`${config.staticDomain}/sa/heatmap.min.js`);
  if (config.visualTracking && !(pageProtocol === 'https:' && serverHttp))
    scripts.push(`${config.staticDomain}/sa/vtrack.min.js`);
  return { scripts, notices };
}

/** Scroll events sampled every 1000 ms (docs/rules/constants.md#analytics): true when this one is to be sent. */
export function createScrollSampler(intervalMs: number = ANALYTICS.scrollSampleMs) {
  let last = -Infinity;
  return (nowMs: number): boolean => {
    if (nowMs - last < intervalMs) return false;
    last = nowMs;
    return true;
  };
}
