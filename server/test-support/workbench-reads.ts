import axios, { type AxiosAdapter, isAxiosError } from 'axios';

import { type Environment, localEnvironment } from '../../config/environments';
import { isApiError, requestData, type ServiceClients } from '../../src/api';
import { CLUE_STATES } from '../../src/api/contract/market-map-constants';
import { FUND_TREND_PERIODS } from '../../src/api/contract/market-map-customer';
import { SoldFundKind } from '../../src/api/contract/market-map-products';
import { isChanceCategory } from '../../src/api/generated/market-map';
import { createServiceClients } from '../../src/api/services';
import { BACKLOG_LIST_FETCHERS as backlog } from '../../src/features/marketing/details/store/fetchers/backlog-fetchers';
import {
  CUSTOMER_DETAIL_FETCHERS as customer,
  CUSTOMER_LIST_FETCHERS as customerLists,
} from '../../src/features/marketing/details/store/fetchers/customer-fetchers';
import {
  MATERIAL_DETAIL_FETCHERS as material,
  MATERIAL_LIST_FETCHERS as materialLists,
} from '../../src/features/marketing/details/store/fetchers/materials-fetchers';
import { NEXT_PRODUCTS_DETAIL_FETCHERS as nextProducts } from '../../src/features/marketing/details/store/fetchers/next-products-fetchers';
import * as products from '../../src/features/marketing/details/store/fetchers/products-fetchers';
import {
  RADAR_DETAIL_FETCHERS as radar,
  RADAR_LIST_FETCHERS as radarLists,
} from '../../src/features/marketing/details/store/fetchers/radar-fetchers';
import { fetchRecentContacts } from '../../src/features/marketing/details/store/fetchers/reach-fetchers';
import { TODAY_DETAIL_FETCHERS as today } from '../../src/features/marketing/details/store/fetchers/today-fetchers';
import { fetchSendOptions } from '../../src/features/marketing/reach/api';
import * as cards from '../../src/features/marketing/workbench/api';
import { createLoginApi } from '../../src/features/session/login-api';

/** One workbench read as the app made it: where, what HTTP said, and whether the app could use the answer. */
export interface ReadOutcome {
  /** The route as registered, e.g. GET /card-detail/aum. */
  route: string;
  status: number;
  /** Why the app's request failed (business code, malformed shape, HTTP); null when it got its data. */
  failure: string | null;
}

/**
 * The app's own HTTP layer (clients, signing, generated guards) pointed at a running server, recording every
 * answer's status under the route it matched. `now` is the server's clock (signatures carry its time).
 */
export function appClients(baseUrl: string, now: () => number) {
  const statuses: Array<{ url: string; status: number }> = [];
  const http = axios.getAdapter('http');
  const adapter: AxiosAdapter = async (config) => {
    const url = new URL(config.url ?? '', config.baseURL).pathname;
    try {
      const res = await http(config);
      statuses.push({ url, status: res.status });
      return res;
    } catch (err) {
      statuses.push({ url, status: isAxiosError(err) ? (err.response?.status ?? 0) : 0 });
      throw err;
    }
  };
  const environment: Environment = {
    ...localEnvironment,
    endpoints: Object.fromEntries(
      Object.entries(localEnvironment.endpoints).map(([k, v]) => [k, `${baseUrl}${v}`]),
    ) as unknown as Environment['endpoints'],
  };
  const credentials = { appKey: 'wna' as const, accountId: undefined as string | undefined };
  const clients: ServiceClients = createServiceClients(
    environment,
    { getCredentials: () => credentials, now },
    adapter,
  );
  return { clients, credentials, statuses };
}

/** WeCom sign-in as the app does it: the (local stand-in) authorization page picks the adviser, the code buys a sid. */
export async function signInAdviser(baseUrl: string, clients: ServiceClients, user: string): Promise<string> {
  const query = new URLSearchParams({
    appid: localEnvironment.workChat.corpId,
    agentid: localEnvironment.workChat.agentId,
    redirect_uri: '/marketMapIndex?from=menu',
    response_type: 'code',
    scope: 'snsapi_base',
    state: 'soak',
    user,
  });
  const pick = await fetch(`${baseUrl}${localEnvironment.workChat.authorizeHost}/connect/oauth2/pick?${query}`, {
    redirect: 'manual',
  });
  const code = new URL(pick.headers.get('location') ?? '', baseUrl).searchParams.get('code');
  if (!code) throw new Error(`the local WeCom page gave no code for ${user} (HTTP ${pick.status})`);
  const login = await createLoginApi(clients).workWechatLogin(code);
  if (!login?.sid) throw new Error(`work-wechat-login gave no sid for ${user}`);
  return login.sid;
}

type Page<T> = { list: T[]; next_cursor: string | null } | null;

/**
 * Every read of the workbench for the signed-in adviser, through the app's request functions: lists page by page,
 * every card's detail, every customer's card (each card-detail read, every held product), the product, material,
 * clue, settings and table screens. Outcomes go to `record`; returns the customers read.
 */
export async function readWholeWorkbench(
  c: ServiceClients,
  record: (o: ReadOutcome) => void,
  /** productCards: the adviser's product cards, read whether or not today's 今日 shows one (a quiet day shows none). */
  opts: { pool: number; productCards?: readonly number[] },
): Promise<{ customers: number[]; cards: number }> {
  const read = async <T>(route: string, call: () => Promise<T | null>): Promise<T | null> => {
    try {
      const data = await call();
      record({ route, status: 200, failure: data === null ? 'no data' : null });
      return data;
    } catch (err) {
      const failure = isApiError(err)
        ? `${err.kind}${err.code !== null ? ` ${err.code}` : ''}: ${err.detail}`
        : String(err);
      record({ route, status: isApiError(err) ? (err.httpStatus ?? 0) : 0, failure });
      return null;
    }
  };
  const pages = async <T>(route: string, page: (cursor?: string) => Promise<Page<T>>): Promise<T[]> => {
    const out: T[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 200; n += 1) {
      const p = await read(route, () => page(cursor));
      if (!p) break;
      out.push(...p.list);
      if (!p.next_cursor) break;
      cursor = p.next_cursor;
    }
    return out;
  };

  // The card screens: families, the open list in both orders and per family, every other state, every card's detail.
  await read('GET /chance/categories', () =>
    requestData(
      c.marketMap,
      { method: 'GET', url: '/chance/categories' },
      (v): v is { list: unknown[] } =>
        Array.isArray((v as { list?: unknown }).list) && (v as { list: unknown[] }).list.every(isChanceCategory),
    ),
  );
  const types = await read('GET /chance/type', () => cards.fetchChanceTypes(c));
  const open = await pages('GET /chance-card/list', (cursor) =>
    cards.fetchCardList(c, { order: 'priority', cursor, limit: 50 }),
  );
  await read('GET /chance-card/list', () => cards.fetchCardList(c, { order: 'time' }));
  for (const t of types?.list ?? [])
    await read('GET /chance-card/list', () => cards.fetchCardList(c, { group: t.group }));
  // The other states' lists in full; the detail of every open card and of the first few of each other state.
  const others = [];
  for (const state of ['waiting', 'snoozed', 'ignored', 'done'] as const) {
    const list = await pages('GET /chance/list', (cursor) => cards.fetchChanceList(c, { state, cursor, limit: 50 }));
    others.push(...list.slice(0, 5));
  }
  const cardIds = [...new Set([...open, ...others].map((x) => x.card_id))];
  await pool(cardIds, opts.pool, (id) => read('GET /chance/detail', () => cards.fetchChanceDetail(c, id)));
  // The suggested product and the latest contacts on the first open cards; my tracked work's counts.
  for (const id of cardIds.slice(0, 5)) {
    await read('GET /chance-card/next-product', () => radar.nextProduct(c, { card_id: id }));
    await read('GET /chance/reach/recent', () => fetchRecentContacts(c, { card_id: id }));
    await read('GET /chance-card/next-products', () => nextProducts.nextProducts(c, { card_id: id }));
    // What 发消息's chooser offers: a read that records and spends nothing.
    await read('GET /chance/reach/send-options', () => fetchSendOptions(c, { card_id: id }));
  }
  // 待处理: every card waiting behind the daily cap, page by page.
  await pages('GET /chance-card/waiting', (cursor) =>
    backlog.waitingCards(c, { limit: 50, ...(cursor ? { cursor } : {}) }),
  );
  await read('GET /chance-card/work-stats', () => radar.workStats(c, {}));
  const tags = await read('GET /chance-card/tag-list', () => cards.fetchTagList(c));
  if (tags?.list[0]) await read('GET /chance-card/user-list', () => cards.fetchUserList(c, { tag: tags.list[0]!.tag }));
  await read('GET /chance-card/stats', () => cards.fetchCardStats(c));
  // 今日 in all and per family, and the holders of each product card on it.
  const day = await read('GET /chance-card/today', () => today.todayCards(c, {}));
  for (const t of types?.list ?? [])
    await read('GET /chance-card/today', () => today.todayCards(c, { group: t.group }));
  const onToday = (day?.list ?? []).flatMap((i) => (i.kind === 'product' ? [i.product_card.product_card_id] : []));
  for (const id of new Set([...onToday, ...(opts.productCards ?? [])]))
    await read('GET /product-card/holders', () => today.productHolders(c, { product_card_id: id }));

  // Clues, the team rank, settings and search.
  for (const state of [undefined, ...CLUE_STATES])
    await pages('GET /clue/list', (cursor) => cards.fetchClueList(c, { state, cursor, limit: 50 }));
  await read('GET /clue-handle/options', () => cards.fetchHandleOptions(c));
  for (const period of ['today', 'week', 'month'] as const)
    await read('POST /clue-handle/rank', () => cards.fetchRank(c, { period }));
  await read('GET /rule-settings/index', () => cards.fetchRuleSettings(c));

  // Products: the monitor, each product's series and benchmark, sold funds by kind, idle money, effects.
  const monitor = await read('GET /product_monitor/list/:id?', () => products.fetchMonitorList(c, {}));
  for (const item of monitor?.list ?? []) {
    await read('GET /product_monitor/list/:id?', () =>
      products.fetchProductDetail(c, { product_id: item.product.product_id }),
    );
    await read('GET /sold_fund/:kind/:product_id?', () =>
      products.fetchSoldFund(c, { kind: item.product.kind, product_id: item.product.product_id }),
    );
  }
  // Whom a held product could be shared with (the share sheet's first page): each customer's verdict and budget.
  for (const item of (monitor?.list ?? []).slice(0, 3))
    await read('GET /share/product/recipients', () =>
      products.PRODUCT_LIST_FETCHERS.shareRecipients(c, { product_id: item.product.product_id }),
    );
  for (const kind of SoldFundKind.anyOf.map((k) => k.const))
    await read('GET /sold_fund/:kind/:product_id?', () => products.fetchSoldFund(c, { kind }));
  await pages('GET /monetary-fund/index', (cursor) => products.fetchMoneyFund(c, { cursor, limit: 50 }));
  await pages('GET /chance/effect-list-projects', (cursor) => products.fetchEffectProjects(c, { cursor, limit: 50 }));

  // Materials: the projects, the library, each material (and its PDF by the signed address it carries), recipients.
  await read('GET /chance/project/files', () => material.materialProjects(c, {}));
  const files = await pages('GET /chance/project/files', (cursor) => materialLists.materialFiles(c, { cursor }));
  for (const f of files) {
    const detail = await read('GET /chance/file/detail', () => material.materialDetail(c, { fileId: f.material_id }));
    await read('GET /chance/file/radar', () => radarLists.materialRadar(c, { fileId: f.material_id }));
    if (detail?.pdf_url) {
      const res = await fetch(new URL(detail.pdf_url, c.marketMap.defaults.baseURL));
      record({ route: 'GET /chance/file/pdf/:id', status: res.status, failure: res.ok ? null : `HTTP ${res.status}` });
    }
  }
  if (files[0]) {
    await pages('GET /chance/file/recipients', (cursor) =>
      materialLists.materialRecipients(c, { fileId: files[0]!.material_id, cursor }),
    );
    await pages('GET /chance/file/radar', (cursor) =>
      radarLists.materialRadar(c, { fileId: files[0]!.material_id, cursor }),
    );
  }

  // Every customer's card, as personDetail, oppDetail and touguFundDetail read it.
  const customers = (
    await pages('GET /chance-card/user-list', (cursor) => cards.fetchUserList(c, { cursor, limit: 50 }))
  ).map((u) => u.customer_id);
  await pool(customers, opts.pool, async (id, k) => {
    const p = { customer_id: id };
    // The clue side of the customer (not card-detail) for every fourth customer.
    if (k % 4 === 0) {
      await read('GET /clue/customer-chance', () => customer.customerChance(c, p));
      await read('GET /clue/behaviors', () => customerLists.customerBehaviours(c, p));
    }
    if (k % 4 === 0) await pages('GET /clue/radar', (cursor) => radarLists.customerRadar(c, { ...p, cursor }));
    await read('GET /card-detail/aum', () => customer.customerAum(c, p));
    await read('GET /card-detail/user-fund-trend', () =>
      customer.customerFundTrend(c, { ...p, period: FUND_TREND_PERIODS[k % FUND_TREND_PERIODS.length]! }),
    );
    const holdings = await read('GET /card-detail/get-multi-product', () => customer.customerHoldings(c, p));
    // One held product each (a different one customer by customer): every product is read for some customer.
    const held = holdings?.list[k % Math.max(1, holdings.list.length)];
    if (held)
      await read('GET /card-detail/get-product', () =>
        customer.customerProduct(c, { ...p, product_id: held.product.product_id }),
      );
    await read('GET /card-detail/multi-transaction-info', () => customer.customerTrades(c, p));
    await read('GET /card-detail/get-behavior', () => customer.customerBehaviorSummary(c, { ...p, days: 90 }));
    await read('GET /card-detail/bonus-info', () => customer.customerBonus(c, p));
    await read('GET /card-detail/transaction-info', () => customerLists.customerTransactions(c, p));
    await read('GET /card-detail/get-transfer', () => customerLists.customerTransfers(c, { ...p, days: 365 }));
  });
  for (const keyword of ['基金', monitor?.list[0]?.product.name.slice(0, 4) ?? '理财'])
    await read('POST /search/keyword', () => cards.searchKeyword(c, { keyword }));
  return { customers, cards: cardIds.length };
}

/** Runs `fn` over items, `size` at a time (the app's screens fetch a few things at once, not hundreds). */
async function pool<T>(
  items: readonly T[],
  size: number,
  fn: (item: T, index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      await fn(items[k]!, k);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}
