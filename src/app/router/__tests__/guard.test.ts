import { GUARDED_SPEC_PATHS } from './guarded-paths';

import {
  guardDecision,
  type GuardInput,
  hasPcWorkMarker,
  isDesktopUserAgent,
  readDeeplinkParam,
  resolveFrameTarget,
  routeList,
  withPcWorkMarker,
} from '@/routes';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  weComWindows:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0 Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1 NetType/WIFI Language/zh WindowsWechat',
  weComMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) wxwork/4.1.20 MicroMessenger/7.0.1 MacWechat',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  iPhoneWeCom:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.26 MicroMessenger/7.0.1 Language/zh',
  androidWeChat:
    'Mozilla/5.0 (Linux; Android 14; V2241A Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MicroMessenger/8.0.48',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  windowsPhone:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.15063',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Safari/537.36 ArkWeb/4.1.6.1 HarmonyOS',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  tabletGeneric:
    'Mozilla/5.0 (Linux; U; en-us; KFAPWI Build/JDQ39) AppleWebKit/535.19 (KHTML, like Gecko) Silk/3.13 Safari/535.19 Silk-Accelerated=true Tablet',
};

const DESKTOP = [UA.chromeWindows, UA.safariMac, UA.weComWindows, UA.weComMac, UA.linuxFirefox, ''];
const HANDHELD = [
  UA.iPhoneWeCom,
  UA.androidWeChat,
  UA.iPad,
  UA.iPod,
  UA.windowsPhone,
  UA.harmony,
  UA.androidTablet,
  UA.tabletGeneric,
];

// The guarded screens in the spec's spelling, plus other spellings seen in links.
const GUARDED_SPELLINGS = [
  ...GUARDED_SPEC_PATHS,
  'rateDetail',
  'fundInDetail',
  'RateShareDetail',
  'pdf',
  'MARKETMAPINDEX',
  'perspectivedetail',
];
const UNGUARDED = routeList
  .filter((r) => !r.guarded)
  .map((r) => r.getHref(r.path.includes(':liveid') ? { liveid: 1 } : undefined));

const ORIGIN = 'https://live.example.com';
const input = (over: Partial<GuardInput>): GuardInput => ({
  pathname: '/RateDetail',
  search: '',
  userAgent: UA.chromeWindows,
  isTopWindow: true,
  origin: ORIGIN,
  ...over,
});

describe('isDesktopUserAgent', () => {
  it.each(DESKTOP)('desktop: %s', (ua) => expect(isDesktopUserAgent(ua)).toBe(true));
  it.each(HANDHELD)('phone or tablet: %s', (ua) => expect(isDesktopUserAgent(ua)).toBe(false));
  it('tells iPadOS (Mac user agent) apart by touch points', () => {
    expect(isDesktopUserAgent(UA.safariMac, 5)).toBe(false);
    expect(isDesktopUserAgent(UA.safariMac, 0)).toBe(true);
    expect(isDesktopUserAgent(UA.chromeWindows, 10)).toBe(true); // a touch-screen laptop is still a desktop
  });
});

describe('guardDecision — top window on a desktop: via /iframe', () => {
  it.each(GUARDED_SPELLINGS)('/%s is sent to /iframe carrying the full original address', (name) => {
    const decision = guardDecision(input({ pathname: `/${name}`, search: '?id=7&deeplink=abc', hash: '#top' }));
    expect(decision).toEqual({
      kind: 'redirect',
      to: `/iframe?url=${encodeURIComponent(`${ORIGIN}/${name}?id=7&deeplink=abc#top`)}`,
    });
  });

  it.each(DESKTOP)('for every desktop user agent: %s', (userAgent) => {
    expect(guardDecision(input({ userAgent })).kind).toBe('redirect');
  });

  it('carries a root-relative address when no origin is given', () => {
    expect(guardDecision(input({ origin: undefined, search: '?a=1' }))).toEqual({
      kind: 'redirect',
      to: '/iframe?url=%2FRateDetail%3Fa%3D1',
    });
  });

  it('treats an empty or different ispc value as absent', () => {
    expect(guardDecision(input({ search: '?ispc=' })).kind).toBe('redirect');
    expect(guardDecision(input({ search: '?ispc=pcwork' })).kind).toBe('redirect');
    expect(guardDecision(input({ search: '?ISPC=pcWork' })).kind).toBe('redirect');
  });
});

describe('guardDecision — inside a frame on a desktop: marker added in place', () => {
  it.each(GUARDED_SPELLINGS)('/%s gets ispc=pcWork on the same path', (name) => {
    expect(guardDecision(input({ pathname: `/${name}`, search: '?id=7', isTopWindow: false }))).toEqual({
      kind: 'redirect',
      to: `/${name}?id=7&ispc=pcWork`,
    });
  });

  it('replaces an empty marker, keeps other parameters byte for byte and keeps the hash', () => {
    expect(guardDecision(input({ search: '?ispc=&sig=a%2Bb+c&x', hash: '#h', isTopWindow: false }))).toEqual({
      kind: 'redirect',
      to: '/RateDetail?sig=a%2Bb+c&x&ispc=pcWork#h',
    });
  });

  it('handles an address without query', () => {
    expect(guardDecision(input({ isTopWindow: false }))).toEqual({ kind: 'redirect', to: '/RateDetail?ispc=pcWork' });
  });
});

describe('guardDecision — allowed', () => {
  it.each(GUARDED_SPELLINGS)('/%s with ispc=pcWork, top window or framed', (name) => {
    expect(guardDecision(input({ pathname: `/${name}`, search: '?a=1&ispc=pcWork' }))).toEqual({ kind: 'allow' });
    expect(guardDecision(input({ pathname: `/${name}`, search: '?ispc=pcWork', isTopWindow: false }))).toEqual({
      kind: 'allow',
    });
  });

  it.each(HANDHELD)('phones and tablets are never redirected: %s', (userAgent) => {
    for (const name of GUARDED_SPELLINGS) {
      expect(guardDecision(input({ pathname: `/${name}`, userAgent }))).toEqual({ kind: 'allow' });
      expect(guardDecision(input({ pathname: `/${name}`, userAgent, isTopWindow: false }))).toEqual({ kind: 'allow' });
    }
  });

  it('an iPad asking for the desktop site is not redirected', () => {
    expect(guardDecision(input({ userAgent: UA.safariMac, maxTouchPoints: 5 }))).toEqual({ kind: 'allow' });
  });

  it.each(UNGUARDED)('unguarded route %s on a desktop', (path) => {
    expect(guardDecision(input({ pathname: path }))).toEqual({ kind: 'allow' });
    expect(guardDecision(input({ pathname: path, isTopWindow: false }))).toEqual({ kind: 'allow' });
  });

  it('unknown paths (NotFound) and near-misses', () => {
    for (const pathname of ['/nope', '/rateDetailX', '/rateDetail/1', '/iframe']) {
      expect(guardDecision(input({ pathname }))).toEqual({ kind: 'allow' });
    }
  });
});

describe('marker helpers', () => {
  it('hasPcWorkMarker needs exactly ispc=pcWork', () => {
    expect(hasPcWorkMarker('?ispc=pcWork')).toBe(true);
    expect(hasPcWorkMarker('?ispc=&ispc=pcWork')).toBe(true);
    expect(hasPcWorkMarker('?ispc=')).toBe(false);
    expect(hasPcWorkMarker('')).toBe(false);
  });

  it('withPcWorkMarker sets the marker once', () => {
    expect(withPcWorkMarker('')).toBe('?ispc=pcWork');
    expect(withPcWorkMarker('?')).toBe('?ispc=pcWork');
    expect(withPcWorkMarker('?ispc=1&a=1&ispc')).toBe('?a=1&ispc=pcWork');
  });
});

describe('readDeeplinkParam', () => {
  it('returns the decoded deeplink value', () => {
    expect(readDeeplinkParam('?deeplink=abc123')).toBe('abc123');
    expect(readDeeplinkParam('?a=1&deeplink=noahwm%3A%2F%2Fopen%3Fid%3D1')).toBe('noahwm://open?id=1');
  });

  it('returns null when absent or blank', () => {
    expect(readDeeplinkParam('')).toBeNull();
    expect(readDeeplinkParam('?deeplink=')).toBeNull();
    expect(readDeeplinkParam('?deeplink=%20%20')).toBeNull();
    expect(readDeeplinkParam('?deepLink=abc')).toBeNull();
  });
});

describe('resolveFrameTarget', () => {
  it('frames a same-origin address with the marker added', () => {
    expect(resolveFrameTarget(`${ORIGIN}/RateDetail?id=7#x`, ORIGIN)).toEqual({
      ok: true,
      src: `${ORIGIN}/RateDetail?id=7&ispc=pcWork#x`,
    });
    expect(resolveFrameTarget('/oppDetail?ispc=', ORIGIN)).toEqual({
      ok: true,
      src: `${ORIGIN}/oppDetail?ispc=pcWork`,
    });
  });

  it.each([
    'https://evil.example.com/RateDetail',
    '//evil.example.com/RateDetail',
    'http://live.example.com/RateDetail',
    'https://live.example.com:8443/RateDetail',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
  ])('refuses another origin: %s', (raw) => {
    expect(resolveFrameTarget(raw, ORIGIN)).toEqual({ ok: false, reason: 'cross-origin' });
  });

  it('refuses missing, malformed and self-nesting addresses', () => {
    expect(resolveFrameTarget(null, ORIGIN)).toEqual({ ok: false, reason: 'missing' });
    expect(resolveFrameTarget('  ', ORIGIN)).toEqual({ ok: false, reason: 'missing' });
    expect(resolveFrameTarget('http://[bad', ORIGIN)).toEqual({ ok: false, reason: 'invalid' });
    expect(resolveFrameTarget(`${ORIGIN}/IFRAME?url=%2FRateDetail`, ORIGIN)).toEqual({ ok: false, reason: 'nested' });
  });
});
