import { Link } from 'react-router-dom';

import './radar.css';

import type { RadarRow } from '@/api/contract/market-map-radar';
import { DELIVERY_NAMES, deliveryOf } from '@/api/contract/market-map-send';
import { customerHref, formatTime } from '@/features/marketing/shared';
import { routes } from '@/routes';

const CHANNEL_NAMES: Record<string, string> = {
  wecom_chat: '企业微信聊天',
  wecom_group: '客户群',
  wecom_moments: '朋友圈',
};

/** "已读 2 次 · 35 秒 · 看到 70%" or 未打开. */
export function readLine(r: RadarRow): string {
  if (!r.opens) return '未打开';
  return `已读 ${r.opens} 次 · ${r.seconds} 秒 · 看到 ${Math.round(r.max_scroll * 100)}%`;
}

/** When and how it went out, and whether it reached the customer: 已送达 only once WeCom confirmed. */
function Delivery({ row, now }: { row: RadarRow; now: number }) {
  const d = deliveryOf(row.shared_via, row.forwarded_at * 1000, now);
  return (
    <div className="rd-meta" data-delivery={d.state}>
      {d.state === 'delivered' ? '送达于' : '发起于'} {formatTime(row.forwarded_at, now)} ·{' '}
      {CHANNEL_NAMES[row.channel] ?? row.channel} ·{' '}
      <span className={d.state === 'undelivered' ? 'rd-undelivered' : ''}>
        {DELIVERY_NAMES[d.state]}
        {d.reason ? `：${d.reason}` : ''}
      </span>
      {d.state === 'undelivered' && (
        <Link
          className="rd-retry"
          to={routes.materialDetail.getHref(undefined, { material_id: row.material_id, customer_id: row.customer_id })}
        >
          重试
        </Link>
      )}
    </div>
  );
}

/** One forward on the radar: who (or which material), how it was read, when it was sent and how. */
export function RadarRowView({ row, now, by }: { row: RadarRow; now: number; by: 'customer' | 'material' }) {
  const who =
    by === 'customer' ? (
      <Link className="rd-who" to={customerHref(row.customer_id)}>
        {row.display_name}
      </Link>
    ) : (
      <Link className="rd-who" to={routes.materialDetail.getHref(undefined, { material_id: row.material_id })}>
        {row.material_title}
      </Link>
    );
  return (
    <li className={`rd-row${row.opens ? '' : ' rd-row--unread'}`} data-forward-id={row.forward_id}>
      <div className="rd-row__top">
        {who}
        <span className={row.opens ? 'rd-read' : 'rd-unread'}>{readLine(row)}</span>
      </div>
      {row.last_opened_at !== null && (
        <div className="rd-meta">
          最近打开 {formatTime(row.last_opened_at, now)}
          {row.in_wechat ? ' · 微信内' : ''}
        </div>
      )}
      <Delivery row={row} now={now} />
    </li>
  );
}
