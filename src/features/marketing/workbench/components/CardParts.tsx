import type { CSSProperties } from 'react';

import type { CardAction } from '../store/workbench-types';

import type { CardReason } from '@/api/contract/market-map-cards';
import { formatAge, reasonTitle } from '@/features/marketing/shared';

export type CardSheet = 'handle' | 'snooze' | 'ignore';

/** A card's reasons, one line each: category, what happened, how long ago. */
export function ReasonList({ reasons, now }: { reasons: readonly CardReason[]; now: number }) {
  return (
    <ul className="mk-reasons">
      {reasons.map((r) => (
        <li key={r.signal_id}>
          <span>{r.category_name}</span>
          <span>{reasonTitle(r, now)}</span>
          <time>{formatAge(r.occurred_at, now)}</time>
        </li>
      ))}
    </ul>
  );
}

/** 处理 / 暂缓 / 忽略 on an open card (in the list and on its page); all wait while one is on its way. */
export function CardSheetButtons({
  busy,
  onChoose,
  style,
}: {
  busy: CardAction | null;
  onChoose(sheet: CardSheet): void;
  style?: CSSProperties;
}) {
  return (
    <div className="mk-actions" style={style}>
      <button type="button" className="mk-primary" disabled={busy !== null} onClick={() => onChoose('handle')}>
        {busy === 'handling' ? '处理中…' : '处理'}
      </button>
      <button type="button" disabled={busy !== null} onClick={() => onChoose('snooze')}>
        {busy === 'snooze' ? '暂缓中…' : '暂缓'}
      </button>
      <button type="button" disabled={busy !== null} onClick={() => onChoose('ignore')}>
        {busy === 'ignore' ? '忽略中…' : '忽略'}
      </button>
    </div>
  );
}
