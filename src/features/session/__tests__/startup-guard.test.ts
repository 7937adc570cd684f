import { detectContext } from '../../../platform/context';
import { flowFor } from '../requirements';
import { startupPath } from '../startup';

import { findRoute } from '@/routes';

const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 wxwork/4.1.22';
const env = (userAgent: string, isTopWindow = true) => ({
  userAgent,
  maxTouchPoints: 0,
  isTopWindow,
  origin: 'http://app.local',
});

describe('the desktop guard decides before any sign-in', () => {
  it('a guarded adviser screen on a desktop browser starts no WeCom sign-in: it is going to /iframe', () => {
    const path = startupPath('/marketMapIndex?x=1', env(DESKTOP));
    expect(path).toBe('/iframe');
    expect(flowFor(findRoute(path), detectContext({ userAgent: DESKTOP, search: '', cookie: '' }))).toBeNull();
  });

  it('inside the frame (marker set) and on a phone the screen signs in as before', () => {
    expect(startupPath('/marketMapIndex?ispc=pcWork', env(DESKTOP, false))).toBe('/marketMapIndex');
    expect(startupPath('/marketMapIndex', env(DESKTOP, false))).toBe('/marketMapIndex');
    const phonePath = startupPath('/marketMapIndex', env(PHONE));
    expect(phonePath).toBe('/marketMapIndex');
    expect(flowFor(findRoute(phonePath), detectContext({ userAgent: PHONE, search: '', cookie: '' }))).toBe('workChat');
  });
});
