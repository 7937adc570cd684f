/**
 * Who the user is, for own tracking and analytics, from what is stored (docs/rules/data.md#user-info,
 * uuids), the address and the device cookie. The session feature writes userinfos; until
 * it does, the address's uuid and a customer fallback keep events flowing.
 */
export type TrackingFlow = 'advisor' | 'customer' | 'app';

export interface TrackingIdentity {
  flow: TrackingFlow;
  employeeId: string;
  isFinancialAdvisor: 0 | 1;
  groupNo: string;
  uuid: string;
  /** The `platform` the page was opened with (1 → project_source 3). */
  platform: number | null;
}

export interface IdentitySources {
  userinfos: string | null;
  uuids: string | null;
  search: string;
  cookie: string;
}

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

function parse(text: string | null): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text ?? '');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** App web views: from=wenoahRnWebview/wexiaoRnWebview, or the device_agent cookie (docs/rules/data.md#native-app-cookie, docs/rules/roles.md#contexts). */
export function isAppWebView(search: string, cookie: string): boolean {
  const from = new URLSearchParams(search).get('from');
  if (from === 'wenoahRnWebview' || from === 'wexiaoRnWebview') return true;
  const agent = /(?:^|;\s*)device_agent=([^;]*)/.exec(cookie)?.[1] ?? '';
  return /noahwm|noahcrm/i.test(decodeURIComponent(agent));
}

export function trackingIdentityFrom(s: IdentitySources): TrackingIdentity {
  const info = parse(s.userinfos);
  const employee = (info.employee && typeof info.employee === 'object' ? info.employee : {}) as Record<string, unknown>;
  const q = new URLSearchParams(s.search);
  const employeeId = str(info.employee_id ?? employee.employee_id);
  const groupNo = str(info.group_no ?? q.get('group_no'));
  // uuids may be a bare id or a JSON string of one.
  const storedUuid = (() => {
    const v = s.uuids?.trim() ?? '';
    if (v.startsWith('"')) return str(parse(`{"v":${v}}`).v);
    return v;
  })();
  // A signed-in person is reported as themselves (the server refuses ids naming anyone else);
  // otherwise this device's id, and only then the address's.
  const uuid = str(info.uuid) || storedUuid || q.get('uuid') || '';
  const flag = employee.is_financial_advisor ?? info.is_financial_advisor;
  const platformText = q.get('platform');
  const flow: TrackingFlow = isAppWebView(s.search, s.cookie) ? 'app' : employeeId && !groupNo ? 'advisor' : 'customer';
  return {
    flow,
    employeeId,
    isFinancialAdvisor: flag === 1 || flag === '1' || flag === true ? 1 : 0,
    groupNo,
    uuid,
    platform: platformText !== null && /^\d+$/.test(platformText) ? Number(platformText) : null,
  };
}
