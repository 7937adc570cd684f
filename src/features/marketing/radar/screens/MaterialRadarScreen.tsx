import { useSearchParams } from 'react-router-dom';

import { RadarRowView } from '../components/RadarRowView';

import '../../shared/components/marketing.css';
import '../components/radar.css';

import type { RadarSummary } from '@/api/contract/market-map-radar';
import { useDetail, useDetailList } from '@/features/marketing/details';
import { BadLink, idParam, LoadState, PagedFoot, useNow } from '@/features/marketing/shared';
import { useRefresh } from '@/store';
import { PullRefresh } from '@/ui/PullRefresh';

function Summary({ s }: { s: RadarSummary }) {
  const cells: Array<[string, number]> = [
    ['已送达', s.forwards],
    ['已打开', s.opened],
    ['打开次数', s.opens],
    ['平均秒数', s.avg_seconds],
  ];
  return (
    <div className="rd-summary">
      {cells.map(([label, n]) => (
        <div key={label}>
          <strong>{n}</strong>
          <span>{label}</span>
        </div>
      ))}
    </div>
  );
}

/** 阅读雷达 of one material: every customer I sent it to, who opened it, when, for how long and how far. */
export default function MaterialRadarScreen() {
  const [params] = useSearchParams();
  const fileId = idParam(params.get('material_id'));
  const p = fileId ? { fileId } : null;
  const head = useDetail('materialRadarHead', p);
  const list = useDetailList('materialRadar', p);
  const now = useNow(head.data);
  const onRefresh = useRefresh(
    () => {
      head.reload();
      list.refresh();
    },
    (state) => [head.part(state), list.part(state)],
  );

  if (!fileId) return <BadLink what="素材" />;
  if (head.status === 'failed' && head.error?.httpStatus === 404) return <BadLink what="素材" notFound />;
  return (
    <main className="mk-page" data-testid="material-radar">
      <PullRefresh onRefresh={onRefresh}>
        <section className="mk-section" aria-label="阅读概况">
          {head.data ? (
            <>
              <h2 style={{ fontSize: 16, margin: '0 0 10px' }}>{head.data.title}</h2>
              <Summary s={head.data.summary} />
            </>
          ) : (
            <LoadState status={head.status} error={head.error} label="阅读概况" onRetry={head.reload} />
          )}
        </section>
        <section className="mk-section" aria-label="阅读明细">
          <LoadState
            status={list.status === 'loaded' || list.items.length ? 'loaded' : list.status}
            error={list.error}
            label="阅读明细"
            onRetry={list.refresh}
            rows={3}
          />
          {list.status === 'loaded' && list.items.length === 0 && (
            <div className="mk-empty">还没有发给客户，发送后可在这里看到谁读了</div>
          )}
          <ul className="rd-list">
            {list.items.map((r) => (
              <RadarRowView key={r.forward_id} row={r} now={now} by="customer" />
            ))}
          </ul>
          <PagedFoot list={list} />
        </section>
      </PullRefresh>
    </main>
  );
}
