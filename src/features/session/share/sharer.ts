import { shareLink } from '../../../lib/share-link';
import { readItem, StorageKey } from '../../../platform/storage';

/** The signed-in sharer's employee id, for attribution only; null for an anonymous sharer. */
export function readSharer(): string | null {
  try {
    const info: unknown = JSON.parse(readItem(StorageKey.userInfos) ?? 'null');
    const id = info && typeof info === 'object' ? (info as Record<string, unknown>).employee_id : null;
    return typeof id === 'string' && id.trim() ? id.trim() : null;
  } catch {
    return null;
  }
}

/** The link to share for a page address: no identity of the sharer, the sharer as attribution. */
export function linkToShare(href: string): string {
  return shareLink(href, readSharer());
}
