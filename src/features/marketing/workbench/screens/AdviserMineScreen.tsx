import { Link } from 'react-router-dom';

import '../../shared/components/marketing.css';

import { type RouteName, routes } from '@/routes';

interface Entry {
  route: RouteName;
  title: string;
  hint: string;
}

/** What an adviser opens less often than the day's cards, grouped so each is one tap from the bar. */
const GROUPS: ReadonlyArray<{ label: string; entries: readonly Entry[] }> = [
  {
    label: '工作台',
    entries: [
      { route: 'config', title: '商机设置', hint: '每日推送上限、关注的商机类型、忽略统计' },
      { route: 'table', title: '数据表格', hint: '今日推送、处理与转化' },
      { route: 'ignoreIndex', title: '已忽略商机', hint: '查看忽略原因，随时恢复' },
    ],
  },
  {
    label: '工具',
    entries: [
      { route: 'forwardingAssistant', title: '转发助手', hint: '把文章转成可追踪的素材' },
      { route: 'survivaList', title: '存续期会议与直播', hint: '客户可参加的会议与直播' },
      { route: 'searchIndex', title: '搜索', hint: '按客户姓名或拼音首字母查找' },
      // Open to every adviser: the desk itself tells one without the expert's qualification whom to ask.
      { route: 'expertAnswers', title: '专家回答', hint: '以专家身份解答客户提问，发布前经合规审核' },
    ],
  },
];

/** 我的 (adviser): settings, the data table, ignored cards and the tools, instead of addresses to remember. */
export default function AdviserMineScreen() {
  return (
    <main className="mk-page" data-testid="adviser-mine">
      {GROUPS.map((g) => (
        <section key={g.label} className="mk-section" aria-label={g.label}>
          <h3>{g.label}</h3>
          {g.entries.map((e) => (
            <Link
              key={e.route}
              className="mk-row mk-mine__row"
              to={(routes[e.route].getHref as () => string)()}
              data-route={e.route}
            >
              <span className="mk-row__main">
                <span className="mk-mine__title">{e.title}</span>
                <span className="mk-mine__hint">{e.hint}</span>
              </span>
              <span aria-hidden="true">›</span>
            </Link>
          ))}
        </section>
      ))}
    </main>
  );
}
