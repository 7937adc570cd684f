import { businessDateTime } from '@/api/contract/dates';
import type { FriendItem } from '@/api/contract/invitation';
import { INVITATION_STATE_LABELS } from '@/api/contract/invitation-constants';

/**
 * One invitation as every screen words it (我的 and /record alike): who (the masked phone, or a visitor who only
 * opened the link), their masked name, the state, and when (registered, else opened), so two visitors who only
 * opened the link read as two visits and not as one line twice.
 */
export function describeFriend(f: FriendItem): { who: string; name: string | null; state: string; when: string } {
  const at = (s: number) => businessDateTime(s * 1000).slice(5, 16);
  return {
    who: f.phone ?? '访客（未注册）',
    name: f.name,
    state: INVITATION_STATE_LABELS[f.state],
    when: f.registeredAt ? `注册于 ${at(f.registeredAt)}` : `打开链接于 ${at(f.openedAt)}`,
  };
}
