import { Link, useSearchParams } from 'react-router-dom';

import { compactMoney } from '../components/use-id-param';

import '../../shared/components/marketing.css';
import '../components/products.css';

import { useDetail, useDetailList } from '@/features/marketing/details';
import { routes } from '@/routes';

const NO_PARAMS = {};
const APPS: Record<string, string> = { wenoahRnWebview: '财富 App', wexiaoRnWebview: '小诺 App' };

/**
 * The workbench's entry in the firm's native app web view (?from=wenoahRnWebview | wexiaoRnWebview): no WeCom
 * menu there, so this page is the menu. Tiles lead to the screens an adviser uses between calls, each with the
 * one number that says whether it needs them now (alerts, idle cash, lives on air).
 */
export default function AppH5Screen() {
  const [params] = useSearchParams();
  const app = APPS[params.get('from') ?? ''] ?? null;
  const monitor = useDetail('monitorList', NO_PARAMS);
  const stock = useDetail('moneyFundSummary', NO_PARAMS);
  const projects = useDetailList('effectProjects', NO_PARAMS);
  const alerts = monitor.data?.list.filter((i) => i.alert !== null).length;
  const onAir =
    projects.status === 'loaded' || projects.items.length
      ? projects.items.filter((p) => p.status === 1).length
      : undefined;
  const tiles: Array<{ href: string; title: string; note: string; value?: string }> = [
    { href: routes.marketMapIndex.getHref(), title: '商机工作台', note: '今天值得联系的客户与原因' },
    {
      href: routes.rateDetail.getHref(),
      title: '产品监控',
      note: '净值异动与到期提醒',
      value: alerts === undefined ? undefined : `${alerts} 条提醒`,
    },
    {
      href: routes.baseStock.getHref(),
      title: '货基存量',
      note: '闲置资金多的客户',
      value: stock.data ? compactMoney(stock.data.idle_total) : undefined,
    },
    {
      href: routes.survivaList.getHref(),
      title: '会议与直播',
      note: '客户观看、预约与提问',
      value: onAir === undefined ? undefined : `${onAir} 场直播中`,
    },
    { href: routes.userlist.getHref(), title: '我的客户', note: '按标签与风险等级筛选' },
    { href: routes.touguRateDetail.getHref(), title: '投顾组合', note: '组合收益与超额收益' },
    { href: routes.searchIndex.getHref(), title: '搜索', note: '客户、产品与商机' },
    { href: routes.table.getHref(), title: '今日数据', note: '商机处理与转化' },
  ];
  return (
    <main className="mk-page">
      <header className="pd-hero">
        <h1>理财师工作台</h1>
        <div className="pd-hero__meta">
          {app ? `${app}内打开：分享给客户时链接会复制到剪贴板，可粘贴到微信发送` : '选择要处理的事项'}
        </div>
      </header>
      <nav className="pd-tiles" aria-label="工作台入口">
        {tiles.map((t) => (
          <Link key={t.title} className="pd-tile" to={t.href}>
            <strong>{t.title}</strong>
            {/* The number's line is held while it loads: no shift. */}
            {'value' in t && <b>{t.value ?? '\u00a0'}</b>}
            <span>{t.note}</span>
          </Link>
        ))}
      </nav>
    </main>
  );
}
