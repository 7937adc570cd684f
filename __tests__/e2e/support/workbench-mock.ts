import type { BrowserContext, Route } from 'playwright-core';

/**
 * A generated marketing map for screenshots and the browser bench: answers /market_map_url/*
 * (not the sign-in) from memory, in the contract's shapes. The e2e suite runs against the real
 * server; this stands in where a fixed, large book is wanted (10,000 cards) without seeding one.
 */
const GROUPS: Record<number, string> = { 1: 'money_flow', 2: 'money_flow', 7: 'money_flow', 3: 'product_monitoring', 4: 'product_monitoring', 8: 'product_monitoring', 5: 'behaviour_insight', 6: 'intent_matching' };
const NAMES: Record<number, string> = { 1: '资金流入', 2: '资金流出', 3: '持仓产品异动', 4: '产品到期', 5: '行为洞察', 6: '意向匹配', 7: '大额资金变动', 8: '产品净值预警' };
const GROUP_NAMES: Record<string, string> = { money_flow: '资金动向', product_monitoring: '产品监控', behaviour_insight: '行为洞察', intent_matching: '意向匹配' };
const TAGS = ['高净值', '新客', '私募意向', '定投', '养老规划', '教育金'];
const SURNAMES = '张王李赵刘陈杨黄周吴';
const TITLES: Record<number, (i: number) => string> = {
  1: (i) => `转入资金 ¥${(50_000 + (i % 40) * 12_500).toLocaleString('zh-CN')}.00`,
  2: (i) => `转出资金 ¥${(60_000 + (i % 30) * 9_000).toLocaleString('zh-CN')}.00`,
  3: () => '持仓「稳健增利混合A」近5日下跌 6.2%',
  4: () => '「安心180天持有期债券」将于 7 天内到期',
  5: (i) => (i % 2 ? '观看直播《年末资产配置》23 分钟' : '直播提问：现在适合加仓债基吗？'),
  6: () => '多次浏览「中证500指数增强」产品页',
  7: (i) => `大额转入 ¥${(500_000 + (i % 9) * 100_000).toLocaleString('zh-CN')}.00`,
  8: () => '持仓「科技成长股票」净值较成本下跌 8%',
};

export function mockCard(i: number, nowS: number) {
  const category = (i % 8) + 1;
  const score = (i * 37) % 100;
  const customer = {
    customer_id: i,
    display_name: `${SURNAMES[i % 10]}*${'明华强丽军芳'[i % 6]}`,
    phone_masked: `1${38 + (i % 2)}****${String(1000 + (i % 9000)).padStart(4, '0')}`,
    gender: i % 2 ? 'm' : 'f',
    risk_level: `C${(i % 5) + 1}`,
    risk_state: i % 11 === 0 ? 'expired' : 'valid',
    risk_expires_on: '2027-06-30',
    qualified: i % 7 === 0,
    tags: [TAGS[i % 6], ...(i % 3 === 0 ? [TAGS[(i + 2) % 6]] : [])],
    aum: 100_000 + ((i * 7919) % 5_000_000),
    tier: i % 5 === 0 ? 'private' : i % 2 ? 'gold' : 'standard',
    last_contact_at: null,
  };
  const reasons = Array.from({ length: 1 + (i % 3) }, (_, k) => {
    const c = k === 0 ? category : ((category + k * 3) % 8) + 1;
    return { signal_id: i * 10 + k, category_id: c, category_name: NAMES[c], title: TITLES[c]!(i + k), occurred_at: nowS - ((i * 97) % 86_400) - k * 3600, amount: null, product: null };
  });
  return {
    card_id: i,
    customer,
    state: i % 4 === 0 ? 'viewed' : 'new',
    category_id: category,
    group: GROUPS[category],
    priority: score >= 70 ? 'hot' : score >= 40 ? 'warm' : 'cold',
    score,
    score_parts: { amount: 10, recency: 10, behaviour: 5, tier: 5, feedback: 0 },
    reasons,
    reason_count: reasons.length + (i % 5 === 0 ? 2 : 0),
    created_at: nowS - 86_400,
    updated_at: reasons[0]!.occurred_at,
    released_at: nowS - 86_400,
    viewed_at: null,
    snooze_until: null,
    ignore_reason: null,
    ignore_text: null,
    closed_at: null,
  };
}

const ok = (data: unknown) => ({ error: { code: 0, message: 'ok' }, data });

/** Routes the marketing map of `context` to a generated book of `count` open cards. */
export async function mockMarketMap(context: BrowserContext, count: number, options: { pageAll?: boolean } = {}) {
  const nowS = Math.floor(Date.now() / 1000);
  const cards = Array.from({ length: count }, (_, k) => mockCard(k + 1, nowS));
  const byGroup = (g: string) => cards.filter((c) => c.group === g).length;
  // pageAll: the first list request carries the whole book (a store of `count` loaded cards); later ones page as usual.
  let firstList = options.pageAll === true;
  await context.route(/\/market_map_url\/(?!auth\/)/, async (route: Route) => {
    const url = new URL(route.request().url());
    const path = url.pathname.replace(/^.*\/market_map_url/, '');
    const q = url.searchParams;
    const json = (data: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(ok(data)) });
    switch (path) {
      case '/chance/type':
        return json({
          list: Object.keys(GROUP_NAMES).map((g) => ({ group: g, name: GROUP_NAMES[g], count: byGroup(g), categories: [] })),
          total: cards.length,
          waiting: 3,
          open_clues: 4,
        });
      case '/chance-card/list': {
        let list = cards.filter((c) => !q.get('group') || c.group === q.get('group'));
        const tags = q.get('tags')?.split(',') ?? [];
        if (tags.length) list = list.filter((c) => c.customer.tags.some((t) => tags.includes(t ?? "")));
        list = [...list].sort((a, b) => (q.get('order') === 'time' ? b.updated_at - a.updated_at : b.score - a.score));
        const start = Number(q.get('cursor') ?? 0);
        const size = firstList ? list.length : Number(q.get('limit') ?? 50);
        firstList = false;
        const page = list.slice(start, start + size);
        return json({ list: page, next_cursor: start + size < list.length ? String(start + size) : null, total: list.length });
      }
      case '/chance-card/tag-list':
        return json({ list: TAGS.map((tag, k) => ({ tag, count: 100 - k * 10 })) });
      case '/clue-handle/options':
        return json({ list: [
          { value: 'converted', label: '已成交', closes: true },
          { value: 'interested', label: '有意向', closes: false },
          { value: 'follow_up', label: '需再跟进', closes: false },
          { value: 'no_answer', label: '未接通', closes: false },
          { value: 'declined', label: '客户拒绝', closes: true },
        ] });
      case '/clue/list':
        return json({ list: Array.from({ length: 6 }, (_, k) => ({ clue_id: k + 1, customer: null, display_name: `${SURNAMES[k]}*`, phone_masked: `139****000${k}`, source: k % 2 ? 'invitation' : 'live_visitor', title: k % 2 ? '通过邀请链接注册' : '直播《年末资产配置》中留下手机号', state: k === 0 ? 'handling' : 'new', created_at: nowS - k * 5000, next_follow_up: k === 0 ? '2026-11-26' : null, last_outcome: k === 0 ? 'follow_up' : null })), next_cursor: null, total: 6 });
      case '/clue-handle/rank':
        return json({ period: 'today', list: [1, 2, 3].map((r) => ({ rank: r, adviser_name: ['李*', '王*', '张*'][r - 1], is_me: r === 2, handled: 12 - r * 3, converted: 4 - r })), me: { rank: 2, adviser_name: '王*', is_me: true, handled: 6, converted: 2 } });
      case '/chance-card/user-list':
        return json({ list: cards.slice(0, 30).map((c) => ({ ...c.customer, open_card_id: c.card_id, open_clue_count: 0 })).sort((a, b) => (q.get('order') === 'aum_asc' ? a.aum - b.aum : b.aum - a.aum)), next_cursor: '30', total: 320 });
      case '/chance-card/stats':
        return json({ date: '2026-11-23', daily_cap: 20, released_today: 17, rows: [1, 2, 7, 3, 4, 8, 5, 6].map((id) => ({ category_id: id, name: NAMES[id], new: id * 3, viewed: id, handling: 2, done: id % 3, ignored: 1, snoozed: id % 2, waiting: 0, created_today: id, handled_today: id % 4, converted_today: id % 2 })) });
      case '/rule-settings/index':
      case '/rule-settings/set':
        return json({ thresholds: { inflow_min: 50000, outflow_min: 50000, large_change_min: 500000, nav_fall_pct: 5, nav_fall_days: 5, maturity_days: 7, watch_minutes: 10, read_seconds: 30, daily_cap: 20 }, enabled_categories: [1, 2, 3, 4, 5, 6, 7, 8], demotions: [{ category_id: 3, name: '持仓产品异动', ignored_count: 3, since: nowS - 86_400, penalty: 15 }], updated_at: null });
      case '/chance/list':
        return json({ list: cards.slice(0, 5).map((c) => ({ ...c, state: 'ignored', ignore_reason: 'no_need', ignore_text: null, closed_at: nowS - 7200 })), next_cursor: null, total: 5 });
      case '/chance/detail':
        return json({ ...cards[0], state: 'ignored', ignore_reason: 'other', ignore_text: '客户已在他行购买', events: [{ at: nowS - 86_400, kind: 'created', note: null }, { at: nowS - 7200, kind: 'ignored', note: '其他' }], handling: null });
      case '/search/keyword':
        return json({ customers: cards.slice(0, 2).map((c) => ({ customer: c.customer, matched_field: 'name', matched_text: c.customer.display_name, highlight: [[0, 1]] })), products: [{ product: { product_id: 1, code: '000001', name: '稳健增利混合A', kind: 'mixed', risk_level: 'R3', qualified_only: false, maturity_date: null }, matched_text: '稳健增利混合A', highlight: [[0, 2]] }], cards: [{ card: cards[4], matched_text: cards[4]!.reasons[0]!.title, highlight: [[0, 2]] }] });
      default:
        return json(null);
    }
  });
}
