import { Link } from 'react-router-dom';

import '../../shared/components/marketing.css';
import '../components/products.css';

import { businessParts } from '@/api/contract/dates';
import { useDetailList } from '@/features/marketing/details';
import { customerHref, Figures, ListSkeleton, PagedFoot } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { useRefresh } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh } from '@/ui/PullRefresh';
import { RetryBlock } from '@/ui/RetryBlock';

const NO_PARAMS = {};
const STATUS = {
  1: { text: '直播中', cls: 'pd-risk' },
  2: { text: '即将开始', cls: 'mk-tag mk-tag--state' },
  3: { text: '已结束', cls: 'mk-tag' },
} as const;

function when(start: number, end: number): string {
  const f = (s: number) => {
    const d = businessParts(s * 1000);
    return `${d.month}月${d.day}日 ${String(d.hour).padStart(2, '0')}:${String(d.minute).padStart(2, '0')}`;
  };
  return `${f(start)} – ${f(end).split(' ')[1]}`;
}

/** 存续期会议与直播: lives and meetings on now, coming or just ended, with what my customers did in each. */
export default function SurvivaListScreen() {
  const list = useDetailList('effectProjects', NO_PARAMS);
  const onRefresh = useRefresh(list.refresh, (state) => [list.part(state)]);
  const body = (
    <>
      {list.status === 'loading' && <ListSkeleton label="正在加载会议与直播" />}
      {list.status === 'failed' && list.items.length === 0 && (
        <RetryBlock title="加载失败" description={list.error?.message} onRetry={list.refresh} />
      )}
      {list.status === 'loaded' && list.items.length === 0 && (
        <ErrorBlock status="empty" title="近 30 天没有会议或直播" />
      )}
      <div className="mk-list" style={{ paddingTop: 10 }}>
        {list.items.map((p) => (
          <article className="mk-card" key={p.live_id} data-live-id={p.live_id}>
            <div className="mk-card__top">
              <span className={STATUS[p.status].cls}>{STATUS[p.status].text}</span>
              <span className="mk-tag">{p.kind === 'live' ? '直播' : '会议'}</span>
              <span className="mk-card__meta">{when(p.start_time, p.end_time)}</span>
            </div>
            <Link
              className="pd-card-link"
              to={
                p.status === 3
                  ? routes.liveEnd.getHref({ liveid: p.live_id })
                  : routes.about.getHref({ liveid: p.live_id }, { from: 'weapp' })
              }
            >
              <h2 style={{ fontSize: 15, margin: '8px 0 0', lineHeight: 1.4 }}>{p.title}</h2>
            </Link>
            <Figures
              className="pd-project__nums"
              label="我的客户参与"
              items={
                // Coming: who booked; on or over: who watched and asked.
                p.status === 2
                  ? [{ value: p.subscribers, label: '预约客户' }]
                  : [
                      { value: p.viewers, label: '观看客户' },
                      { value: p.questions, label: '提问' },
                      { value: p.subscribers, label: '预约客户' },
                    ]
              }
            />
            {p.top.length > 0 && (
              <div className="pd-project__top">
                值得跟进：
                {p.top.map((t) => (
                  <Link key={t.customer_id} to={customerHref(t.customer_id)}>
                    {t.display_name}（{t.what}）
                  </Link>
                ))}
              </div>
            )}
          </article>
        ))}
      </div>
      <PagedFoot list={list} end={`共 ${list.total ?? list.items.length} 场`} />
    </>
  );
  return (
    <main className="mk-page">
      <PullRefresh onRefresh={onRefresh}>{body}</PullRefresh>
    </main>
  );
}
