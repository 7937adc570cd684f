import { detectContext } from '../../../platform/context';
import { flowFor } from '../requirements';

import { findRoute } from '@/routes';

const WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN';
const WECOM =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1';

describe('which sign-in a product page needs', () => {
  it.each(['/RateShareDetail', '/publicShareDetail'])(
    '%s opens without any sign-in, in WeChat and WeCom alike',
    (path) => {
      for (const userAgent of [WECHAT, WECOM])
        expect(flowFor(findRoute(path), detectContext({ userAgent, search: '', cookie: '' }))).toBeNull();
    },
  );

  it('the adviser product screens still need the WeCom session', () => {
    for (const path of ['/rateDetail', '/touguRateDetail', '/baseStock', '/survivaList', '/appH5']) {
      expect(flowFor(findRoute(path), detectContext({ userAgent: WECOM, search: '', cookie: '' }))).toBe('workChat');
    }
  });

  it('the action-log viewer needs the WeCom session in every context: the server lets a developer read logs, no one else', () => {
    const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    for (const userAgent of [WECHAT, WECOM, DESKTOP])
      expect(flowFor(findRoute('/__replay'), detectContext({ userAgent, search: '', cookie: '' }))).toBe('workChat');
  });
});

describe('the staff desks', () => {
  it.each(['/expertAnswers', '/reviewDesk', '/complianceLog'])(
    '%s needs the WeCom session in WeCom and in WeChat alike',
    (path) => {
      for (const userAgent of [WECOM, WECHAT])
        expect(flowFor(findRoute(path), detectContext({ userAgent, search: '', cookie: '' }))).toBe('workChat');
    },
  );
});
