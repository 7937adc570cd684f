import { detectContext } from '../../../platform/context';
import { liveIcs } from '../components/calendar';
import { homeListLoaded, homeListOpened, liveSubscribed, liveSubscribeRequested } from '../store/lives-slice';
import { reminderChannel } from '../store/subscribe-worker';
import { upcomingOpen } from './fixtures';

import { rootReducer } from '@/store';

const listed = [
  homeListOpened({ uuid: '', date: null }),
  homeListLoaded({ page: 1, pageSize: 20, total: 1, list: [upcomingOpen] }),
  liveSubscribeRequested({ liveId: upcomingOpen.num_index, subscribe: true, channel: 'liveApp' }),
].reduce(rootReducer, undefined);
const result = { num_index: upcomingOpen.num_index, is_subscribe: 1 as const, subscribe_number: 8 };

describe('a reminder needs a way to remind', () => {
  it('promises a reminder only when a channel exists, else offers the calendar', () => {
    expect(rootReducer(listed, liveSubscribed({ ...result, reminder: 'wechat' })).lives?.notice).toMatchObject({
      text: '预约成功，开播前将提醒您',
    });
    expect(rootReducer(listed, liveSubscribed({ ...result, reminder: 'sms' })).lives?.notice?.text).toMatch(/短信提醒/);
    const none = rootReducer(listed, liveSubscribed({ ...result, reminder: 'none' })).lives?.notice;
    expect(none).toMatchObject({ offerCalendar: true });
    expect(none?.text).not.toMatch(/将.*提醒您/);
  });

  it('the channel: WeChat, a signed-in account, or none', () => {
    const browser = detectContext({ userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari', search: '', cookie: '' });
    const wechat = detectContext({
      userAgent: 'Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0',
      search: '',
      cookie: '',
    });
    const device = { employeeId: 'd-1', realName: '', unionId: null, viewerId: 'd-1', source: 'device' as const };
    expect(reminderChannel(wechat, device)).toBe('wechat');
    expect(reminderChannel(browser, { ...device, source: 'session' })).toBe('sms');
    expect(reminderChannel(browser, device)).toBe('none');
  });

  it('builds a valid .ics with the start time in UTC', () => {
    const ics = liveIcs(
      { id: 7, title: '宏观, 展望; 2027', startTime: Date.UTC(2026, 10, 24, 7, 20) / 1000, url: 'https://x/about/7' },
      0,
    );
    expect(ics).toContain('DTSTART:20261124T072000Z');
    expect(ics).toContain('DTEND:20261124T082000Z');
    expect(ics).toContain('SUMMARY:直播：宏观\\, 展望\\; 2027');
    expect(ics.split('\r\n')[0]).toBe('BEGIN:VCALENDAR');
  });
});
