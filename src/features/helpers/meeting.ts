/**
 * /jumpToMeeting's input (spec silent; ours): `?url=` an https meeting link on a known meeting
 * host, or `?id=` (also `meetingId` / `code`) a 9-12 digit meeting number, spaces and dashes allowed.
 */
export const MEETING_HOSTS = ['meeting.tencent.com', 'voovmeeting.com', 'work.weixin.qq.com'];

export type MeetingTarget = { ok: true; href: string; label: string } | { ok: false; message: string };

export function meetingTarget(query: URLSearchParams): MeetingTarget {
  const url = query.get('url')?.trim();
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, message: '会议链接格式不正确，请确认链接完整' };
    }
    const host = parsed.hostname.toLowerCase();
    if (parsed.protocol !== 'https:' || !MEETING_HOSTS.some((h) => host === h || host.endsWith(`.${h}`))) {
      return { ok: false, message: '不支持的会议链接，请使用腾讯会议或企业微信会议的链接' };
    }
    return { ok: true, href: parsed.toString(), label: parsed.hostname };
  }
  const raw = (query.get('id') ?? query.get('meetingId') ?? query.get('code'))?.trim();
  if (!raw) return { ok: false, message: '链接缺少会议号，请从会议邀请重新打开' };
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{9,12}$/.test(digits)) return { ok: false, message: '会议号应为9-12位数字，请检查后重试' };
  return {
    ok: true,
    href: `wemeet://page/inmeeting?meeting_code=${digits}`,
    label: digits.replace(/(\d{3})(?=\d)/g, '$1 '),
  };
}
