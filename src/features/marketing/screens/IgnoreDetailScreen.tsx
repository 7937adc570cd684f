import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { CARD_STATE_NAMES, formatAge } from '../components/format';
import { useNow } from '../components/hooks';
import { ListSkeleton } from '../components/Toast';
import { cardDetailRequested, cardRestoreRequested } from '../store/pages-slice';
import { selectCardDetail, selectIgnored } from '../store/selectors';

import '../components/marketing.css';

import { IGNORE_REASON_NAMES } from '@/api/contract/market-map-constants';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';

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
};

/** An ignore step stores its reason code (the feedback's key): the adviser reads the reason's name. */
function eventNote(kind: string, note: string | null): string {
  if (kind === 'ignored' && note && note in IGNORE_REASON_NAMES)
    return IGNORE_REASON_NAMES[note as keyof typeof IGNORE_REASON_NAMES];
  return note ?? '';
}

/** 已忽略详情: the card's reasons, why it was ignored, its history; restore it. */
export default function IgnoreDetailScreen() {
  const [params] = useSearchParams();
  const cardId = Number(params.get('card_id'));
  const valid = Number.isInteger(cardId) && cardId > 0 && cardId <= 2147483647;
  const dispatch = useAppDispatch();
  const detail = useAppSelector(selectCardDetail);
  const restoring = useAppSelector(selectIgnored).restoring.includes(cardId);
  const now = useNow(detail.status);
  useEffect(() => {
    if (valid) dispatch(cardDetailRequested({ cardId }));
  }, [dispatch, cardId, valid]);
  const card = detail.cardId === cardId ? detail.data : null;

  if (!valid) {
    return (
      <main className="mk-page">
        <ErrorBlock status="default" title="链接无效" description="没有指定要查看的商机">
          <Link to={routes.ignoreIndex.getHref()}>返回已忽略列表</Link>
        </ErrorBlock>
      </main>
    );
  }
  return (
    <main className="mk-page">
      {!card && detail.status !== 'failed' && <ListSkeleton rows={2} label="正在加载商机" />}
      {!card && detail.status === 'failed' && (
        <ErrorBlock status="disconnected" title="加载失败" description={detail.error?.message}>
          <Button color="primary" onClick={() => void dispatch(cardDetailRequested({ cardId }))}>
            重试
          </Button>
        </ErrorBlock>
      )}
      {card && (
        <>
          <section className="mk-section">
            <h3>
              {card.customer.display_name} · {card.customer.phone_masked} · {CARD_STATE_NAMES[card.state]}
            </h3>
            {card.ignore_reason && (
              <p>
                忽略原因：{IGNORE_REASON_NAMES[card.ignore_reason]}
                {card.ignore_text ? `（${card.ignore_text}）` : ''}
              </p>
            )}
            <ul className="mk-reasons">
              {card.reasons.map((r) => (
                <li key={r.signal_id}>
                  <span>{r.category_name}</span>
                  <span>{r.title}</span>
                  <time>{formatAge(r.occurred_at, now)}</time>
                </li>
              ))}
            </ul>
          </section>
          <section className="mk-section" aria-label="经过">
            <h3>经过</h3>
            {card.events.map((e, i) => (
              <div className="mk-row" key={i}>
                <div className="mk-row__main">
                  <div>{EVENT_NAMES[e.kind] ?? e.kind}</div>
                  <div>{eventNote(e.kind, e.note)}</div>
                </div>
                <div className="mk-row__side">{formatAge(e.at, now)}</div>
              </div>
            ))}
          </section>
          {card.state === 'ignored' && (
            <div style={{ padding: '0 12px' }}>
              <button
                type="button"
                className="mk-btn mk-primary"
                style={{ width: '100%' }}
                disabled={restoring}
                onClick={() => dispatch(cardRestoreRequested({ cardId }))}
              >
                {restoring ? '恢复中…' : '恢复到工作台'}
              </button>
            </div>
          )}
        </>
      )}
    </main>
  );
}
