import type { FormEvent } from 'react';

import { SearchBar } from '@/features/marketing/shared';

/** 按姓名搜索客户 above a list of my customers to send to (the picker here, a product's share page). */
export function RecipientSearch(props: { draft: string; setDraft(value: string): void; onSearch(e: FormEvent): void }) {
  return (
    <SearchBar {...props} placeholder="按姓名搜索客户" label="搜索客户" maxLength={20} style={{ padding: '0 0 6px' }} />
  );
}
