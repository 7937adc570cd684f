import type { CardEvent } from '@/api/contract/market-map';
import { IGNORE_REASON_NAMES } from '@/api/contract/market-map-constants';
import { formatAge } from '@/features/marketing/shared';

const EVENT_NAMES: Record<string, string> = {
  created: '生成',
  stacked: '新动态',
  released: '推送',
  viewed: '查看',
  handling: '开始跟进',
  done: '完成',
  ignored: '忽略',
  restored: '恢复',
  snoozed: '暂缓',
  resurfaced: '重新出现',
  pulled: '提前处理',
};

/** An ignore step stores its reason code (the feedback's key): the adviser reads the reason's name. */
function eventNote(kind: string, note: string | null): string {
  if (kind === 'ignored' && note && note in IGNORE_REASON_NAMES)
    return IGNORE_REASON_NAMES[note as keyof typeof IGNORE_REASON_NAMES];
  return note ?? '';
}

/** 经过: a card's steps, oldest first, as the server recorded them. */
export function CardHistory({ events, now }: { events: readonly CardEvent[]; now: number }) {
  return (
    <section className="mk-section" aria-label="经过">
      <h3>经过</h3>
      {events.map((e, i) => (
        <div className="mk-row" key={i}>
          <div className="mk-row__main">
            <div>{EVENT_NAMES[e.kind] ?? e.kind}</div>
            <div>{eventNote(e.kind, e.note)}</div>
          </div>
          <div className="mk-row__side">{formatAge(e.at, now)}</div>
        </div>
      ))}
    </section>
  );
}
