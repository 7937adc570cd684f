import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { CardHistory } from '../components/CardHistory';
import { ReasonList } from '../components/CardParts';
import { cardDetailRequested, cardRestoreRequested } from '../store/pages-slice';
import { selectCardDetail, selectIgnored } from '../store/workbench-selectors';

import '../../shared/components/marketing.css';

import { parseId } from '@/api/contract/id';
import { IGNORE_REASON_NAMES } from '@/api/contract/market-map-constants';
import { CARD_STATE_NAMES, ListSkeleton, useNow } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RetryBlock } from '@/ui/RetryBlock';

/** 已忽略详情: the card's reasons, why it was ignored, its history; restore it. */
export default function IgnoreDetailScreen() {
  const [params] = useSearchParams();
  const cardId = parseId(params.get('card_id')) ?? 0;
  const valid = cardId > 0;
  const dispatch = useAppDispatch();
  const detail = useAppSelector(selectCardDetail);
  const ignored = useAppSelector(selectIgnored);
  const restoring = ignored.restoring.includes(cardId);
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
        <RetryBlock
          title="加载失败"
          description={detail.error?.message}
          onRetry={() => void dispatch(cardDetailRequested({ cardId }))}
        />
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
            <ReasonList reasons={card.reasons} now={now} />
          </section>
          <CardHistory events={card.events} now={now} />
          <div className="mk-stack">
            {card.state === 'ignored' ? (
              <button
                type="button"
                className="mk-btn mk-primary"
                disabled={restoring}
                onClick={() => dispatch(cardRestoreRequested({ cardId }))}
              >
                {restoring ? '恢复中…' : '恢复到工作台'}
              </button>
            ) : (
              <Link className="mk-btn mk-primary" to={routes.marketMapIndex.getHref()}>
                已恢复，去工作台查看
              </Link>
            )}
            {ignored.error && card.state === 'ignored' && <p role="alert">{ignored.error.message}</p>}
            <Link className="mk-btn" to={routes.ignoreIndex.getHref()}>
              返回已忽略列表
            </Link>
          </div>
        </>
      )}
    </main>
  );
}
