import { Link } from 'react-router-dom';

import { businessDate } from '@/api/contract/dates';
import type { CustomerChance } from '@/api/contract/market-map';
import { CHANCE_CATEGORY_NAMES } from '@/api/contract/market-map-constants';
import { useDetail } from '@/features/marketing/details';
import { CARD_STATE_NAMES, cardDetailHref, formatTime, PRIORITY_NAMES, reasonTitle } from '@/features/marketing/shared';

const CLUE_STATE_NAMES: Record<string, string> = { new: '待跟进', handling: '跟进中', done: '已完成' };

/** 待办: the open card (tap for its detail), open clues, and the next follow-up date from the last handlings. */
export function OpenWork({ chance, now }: { chance: CustomerChance; now: number }) {
  const card = chance.card;
  const detail = useDetail('chanceDetail', card ? { card_id: card.card_id } : null);
  const today = businessDate(now);
  const dates = [
    detail.data?.card_id === card?.card_id ? detail.data?.handling?.next_follow_up : null,
    ...chance.clues.map((c) => c.next_follow_up),
  ]
    .filter((d): d is string => Boolean(d) && d! >= today)
    .sort();
  return (
    <section className="mk-section" aria-label="待办" data-testid="open-work">
      <h3>待办</h3>
      <p className="cu-note" data-testid="next-follow-up">
        下次跟进：{dates[0] ?? '未安排'}
      </p>
      {!card && chance.clues.length === 0 && <p className="mk-empty">没有进行中的商机和线索</p>}
      {card && (
        <Link
          className="cu-line"
          to={cardDetailHref(card)}
          style={{ color: 'inherit', textDecoration: 'none' }}
          data-testid="open-card"
        >
          <span className={`mk-pri mk-pri--${card.priority}`} style={{ alignSelf: 'flex-start' }}>
            {PRIORITY_NAMES[card.priority]}
          </span>
          <div className="cu-line__main">
            <div>
              {CHANCE_CATEGORY_NAMES[card.category_id]} · {card.reasons[0] ? reasonTitle(card.reasons[0], now) : ''}
            </div>
            <div className="cu-line__sub">
              {CARD_STATE_NAMES[card.state]} · {card.reason_count} 条动态 · {formatTime(card.updated_at, now)}
            </div>
          </div>
          <span className="cu-line__side" aria-hidden>
            ›
          </span>
        </Link>
      )}
      {chance.clues.map((c) => (
        <div className="cu-line" key={c.clue_id}>
          <span className="cu-kind">线索</span>
          <div className="cu-line__main">
            <div>{c.title}</div>
            <div className="cu-line__sub">
              {CLUE_STATE_NAMES[c.state]} · {formatTime(c.created_at, now)}
              {c.next_follow_up ? ` · 下次跟进 ${c.next_follow_up}` : ''}
            </div>
          </div>
        </div>
      ))}
    </section>
  );
}
