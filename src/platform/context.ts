/**
 * The runtime context of docs/rules/roles.md#contexts, from the user agent, the address and the cookies. Pure:
 * callers pass what they read, so it runs the same in sagas, tests and the diagnostics page.
 */
export interface RuntimeContext {
  /** WeCom (enterprise WeChat): advisers. */
  workChat: boolean;
  /** WeChat's built-in browser (not WeCom). */
  webChat: boolean;
  miniProgram: boolean;
  phone: boolean;
  desktop: boolean;
  ios: boolean;
  android: boolean;
  /** The firm's app web views (from=wenoahRnWebview / wexiaoRnWebview). */
  appWebView: 'wenoahRnWebview' | 'wexiaoRnWebview' | null;
  /** The native app: the device_agent cookie contains noahwm or noahcrm. */
  nativeApp: boolean;
}

export interface ContextInput {
  userAgent: string;
  search: string;
  cookie: string;
}

const PHONE_OR_TABLET = /iPhone|iPad|iPod|Android|Mobile|HarmonyOS|Windows Phone|BlackBerry|webOS|Opera Mini|IEMobile/i;

export function cookieValue(cookie: string, name: string): string | null {
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      try {
        return decodeURIComponent(v.join('='));
      } catch {
        return v.join('=');
      }
    }
  }
  return null;
}

export function detectContext({ userAgent, search, cookie }: ContextInput): RuntimeContext {
  const ua = userAgent;
  const workChat = /wxwork/i.test(ua);
  const from = new URLSearchParams(search).get('from');
  const deviceAgent = cookieValue(cookie, 'device_agent') ?? '';
  const phone = PHONE_OR_TABLET.test(ua);
  return {
    workChat,
    webChat: !workChat && /MicroMessenger/i.test(ua),
    miniProgram:
      /miniProgram/i.test(ua) ||
      (typeof window !== 'undefined' &&
        (window as { __wxjs_environment?: string }).__wxjs_environment === 'miniprogram'),
    phone,
    desktop: !phone,
    ios: /iPhone|iPad|iPod/i.test(ua),
    android: /Android/i.test(ua),
    appWebView: from === 'wenoahRnWebview' || from === 'wexiaoRnWebview' ? from : null,
    nativeApp: /noahwm|noahcrm/i.test(deviceAgent),
  };
}

/** The context of this page, read from the browser (sagas and the diagnostics page only). */
export function currentContext(): RuntimeContext {
  return detectContext({
    userAgent: globalThis.navigator?.userAgent ?? '',
    search: globalThis.location?.search ?? '',
    cookie: typeof document === 'undefined' ? '' : document.cookie,
  });
}

/** Short Chinese label for the diagnostics page. */
export function describeContext(c: RuntimeContext): string {
  const where = c.workChat
    ? '企业微信'
    : c.webChat
      ? '微信浏览器'
      : c.miniProgram
        ? '小程序'
        : c.nativeApp
          ? 'App'
          : '浏览器';
  const os = c.ios ? 'iOS' : c.android ? 'Android' : '其他系统';
  return `${where} · ${c.phone ? '手机' : '电脑'} · ${os}${c.appWebView ? ` · ${c.appWebView}` : ''}`;
}
