import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';

import { AdviserWorkEvent as E } from '@/api/contract/adviser-work-constants';
import { useDetail } from '@/features/marketing/details';

/** What the firm's own tracking recorded of my work today, in the words of the workbench. */
const WORK_ROWS: ReadonlyArray<readonly [string, string]> = [
  [E.cardOpened, '打开商机'],
  [E.cardHandled, '处理'],
  [E.cardSnoozed, '暂缓'],
  [E.cardIgnored, '忽略'],
  [E.cardRestored, '恢复'],
  [E.callStarted, '打电话'],
  [E.messageStarted, '发消息'],
  [E.materialSent, '发送素材'],
  [E.productSent, '发送产品'],
  [E.customerOpened, '查看客户'],
];

/** 我的工作: counted by the server from the adviser's own-tracking events, so it agrees with what the firm sees. */
export function WorkStatsSection() {
  const { status, data, error, reload } = useDetail('workStats', {});
  // Coming back to the table reads today's work again (the first visit's load is the hook's own).
  useEffect(() => {
    if (status === 'loaded') reload();
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section className="mk-section" aria-label="我的工作" data-testid="work-stats">
      <h3>我的工作（今日）</h3>
      {status === 'failed' && !data && (
        <p>
          {error?.message ?? '加载失败'}{' '}
          <Button size="small" onClick={reload}>
            重试
          </Button>
        </p>
      )}
      {!data && status !== 'failed' && <p>加载中…</p>}
      {data && (
        <dl className="mk-work">
          {WORK_ROWS.map(([name, label]) => (
            <div key={name}>
              <dt>{label}</dt>
              <dd>{data.counts[name] ?? 0}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
