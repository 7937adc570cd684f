import { parseId } from '../../src/api/contract/id';
import { SHARE_CODE_PATTERN } from '../../src/api/contract/invitation-constants';
import { HOME_CATEGORY_ID } from '../../src/api/contract/live-constants';
import { SHARE_CODE_PARAM } from '../../src/api/contract/market-map-products-constants';
import { HOME_PAGE_SIZE, type LiveScreenKind } from '../../src/features/lives';
import { parseIsoDate } from '../../src/lib/format';
import type { RouteName } from '../../src/routes';
import type { SsrPayloads } from '../../src/store';
import type { ServiceDeps } from '../plugins/deps';
import { shareLanding } from '../plugins/services/invitation';
import { loadLiveDetail } from '../plugins/services/live-routes';
import { livesPage } from '../plugins/services/live-service';
import { storeIndexFor } from '../plugins/services/store';

/**
 * What a loader reads: the address, whether the page opens in the mini-program, and the repositories the API
 * routes use. Nothing else of the request: the kept page (page-cache.ts) is keyed by exactly these.
 */
export interface LoaderContext {
  url: URL;
  params: Record<string, string>;
  miniProgram: boolean;
  deps: ServiceDeps;
}

/** A route's preloaded data (keys of SsrPayloads), or null: not renderable here, the browser renders it. */
export type SsrLoader = (ctx: LoaderContext) => Promise<Partial<SsrPayloads> | null>;

/**
 * Whose list the server may render: the address's uuid names
 * the viewer only inside the mini-program, whose web view passes its own user. The server cannot see a
 * session (the token lives in the browser's storage), so anywhere else it renders the public list and a
 * signed-in person's own tags are filled in after hydration (livesSaga refreshServerListForViewer).
 */
async function homeViewer(
  ctx: LoaderContext,
  uuid: string,
): Promise<{ employeeId: string; personalFor: string | null }> {
  if (!uuid || !ctx.miniProgram) return { employeeId: '', personalFor: null };
  const user = (await ctx.deps.repos.users.findByUuid(uuid)) ?? (await ctx.deps.repos.users.findByEmployeeId(uuid));
  return user ? { employeeId: user.employeeId, personalFor: uuid } : { employeeId: '', personalFor: null };
}

const home: SsrLoader = async (ctx) => {
  const uuid = ctx.url.searchParams.get('uuid')?.trim() ?? '';
  const date = parseIsoDate(ctx.url.searchParams.get('date'));
  const viewer = await homeViewer(ctx, uuid);
  const page = await livesPage(ctx.deps, {
    categoryId: HOME_CATEGORY_ID,
    employeeId: viewer.employeeId,
    date,
    page: 1,
    pageSize: HOME_PAGE_SIZE,
  });
  return {
    home: {
      query: { uuid, date },
      page: page.page,
      pageSize: page.page_size,
      total: page.total,
      list: page.list,
      personalFor: viewer.personalFor,
    },
  };
};

/**
 * A live page opened from a shared link (about, LiveEnd): the live's public detail, as the getDetail route
 * answers a guest. The viewer's own subscription is read again after hydration (the screen's open does).
 * A bad or unknown id renders nothing here: the client's dead-end page says what is wrong.
 */
const liveScreen =
  (screen: LiveScreenKind): SsrLoader =>
  async (ctx) => {
    const raw = (
      ctx.params.liveid ??
      ctx.url.searchParams.get('liveid') ??
      ctx.url.searchParams.get('id') ??
      ctx.url.searchParams.get('num_index') ??
      ''
    ).trim();
    const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
    if (id <= 0) return null;
    const detail = await loadLiveDetail(ctx.deps, id, '', ctx.deps.now());
    // No clock in the data: the page changes when the live does (its status, times, counts), not every second.
    return detail ? { liveScreen: { liveId: id, screen, detail } } : null;
  };

/**
 * The invitation landing (wechatH5?share=…): the inviter as anyone sees them. Nothing is recorded here: the
 * open is counted by the client's own getShareUserInfo after hydration, which also says whether it is yours.
 * A missing or malformed code is the screen's dead end (the link was cut), rendered here like the landing: it needs
 * no data, and a person holding a cut link should not wait for the app's script to learn so. A well-formed code no
 * one holds gets the shell: the client asks and shows the refusal.
 */
const invitationLanding: SsrLoader = async (ctx) => {
  const shareCode = (ctx.url.searchParams.get('share') ?? '').toUpperCase();
  if (!new RegExp(SHARE_CODE_PATTERN).test(shareCode)) return {};
  const found = await shareLanding(ctx.deps, shareCode);
  return found
    ? {
        invitationLanding: {
          shareCode,
          info: { ...found.answer, alreadyInvited: false, isSelf: false, isMember: false },
        },
      }
    : null;
};

/**
 * A product page an adviser shared (RateShareDetail, publicShareDetail): what GET /share/product-page answers
 * for the code, from the same repository function. A forged, cut or expired code renders nothing here: the
 * client asks the endpoint and shows its own page for the refusal.
 */
const sharePage: SsrLoader = async (ctx) => {
  const code = ctx.url.searchParams.get(SHARE_CODE_PARAM)?.trim() ?? '';
  if (!code || code.length > 200) return null;
  const data = await ctx.deps.repos.marketing.products.sharePageData(code, null, ctx.deps.now());
  return typeof data === 'string' ? null : { sharePage: { code, data } };
};

/**
 * The store home as GET /api/store/index answers a reader with no token: the server cannot see a session,
 * so a signed-in reader's own likes are read again after hydration (the knowledge saga's reload).
 */
const storeHome: SsrLoader = async (ctx) => ({ store: { index: await storeIndexFor(ctx.deps, null) } });

/**
 * A question and its published answers, as GET /api/store/qa_detail answers a reader with no token. A bad,
 * unknown or unpublished id renders nothing here: the client's own page says what is wrong.
 */
const storeQuestion: SsrLoader = async (ctx) => {
  // The screen's own reading of the address, so the server and the client agree on which question it is.
  const id = parseId(ctx.url.searchParams.get('id'));
  if (id === null) return null;
  const detail = await ctx.deps.repos.store.qaDetail(id, null);
  return detail ? { store: { qa: { id, detail } } } : null;
};

export interface SsrRoute {
  load: SsrLoader;
  /** Whether the page rendered from this data is the same for everyone (kept and shared); default yes. */
  shared?: (data: Partial<SsrPayloads>) => boolean;
  /** The screen's source file: its chunk's stylesheets are linked in the page (dist/chunk-manifest.json `screens`). */
  screen: string;
}

/**
 * The first screens the server renders, route → loader. A route not listed is sent as
 * the app shell and rendered by the browser. Adding a share page is one entry here (its public endpoint's
 * repository function) plus its slice's case for `ssrDataHydrated`.
 */
export const SSR_ROUTES: Partial<Record<RouteName, SsrRoute>> = {
  // A list rendered with one user's tags (the mini-program's own user) is theirs: never kept for others.
  home: { load: home, screen: 'src/features/lives/screens/HomeScreen.tsx', shared: (d) => !d.home?.personalFor },
  about: { load: liveScreen('about'), screen: 'src/features/lives/screens/AboutScreen.tsx' },
  liveEnd: { load: liveScreen('end'), screen: 'src/features/lives/screens/LiveEndScreen.tsx' },
  wechatH5: { load: invitationLanding, screen: 'src/features/invitation/screens/WechatH5Screen.tsx' },
  rateShareDetail: { load: sharePage, screen: 'src/features/marketing/products/screens/RateShareDetailScreen.tsx' },
  publicShareDetail: { load: sharePage, screen: 'src/features/marketing/products/screens/PublicShareDetailScreen.tsx' },
  shopIndex: { load: storeHome, screen: 'src/features/knowledge/screens/ShopIndexScreen.tsx' },
  questionDetail: { load: storeQuestion, screen: 'src/features/knowledge/screens/QuestionDetailScreen.tsx' },
};
