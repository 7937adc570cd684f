import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { DoorStrip, preloadBars } from '../AreaBar';
import { CUSTOMER_TAB_OF, DOOR_BACK_TO } from '../bar-tabs';

import { routeList, type RouteName } from '@/routes';

beforeAll(() => preloadBars(), 30_000);

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function strip(routeName: RouteName, entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <DoorStrip routeName={routeName} />
      <Where />
      <Routes>
        <Route path="*" element={<Link to="/fundDetail?id=2">打开基金</Link>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the door strip of a page a shared link opens', () => {
  it('leads to 直播, 商城, 邀请 and 我的, and has a 返回', async () => {
    strip('about', ['/about/5']);
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((a) => a.textContent)).toEqual(['返回', '直播', '商城', '邀请', '我的']);
    expect(links.slice(1).map((a) => a.getAttribute('href'))).toEqual(['/', '/shopIndex', '/record', '/mine']);
  });

  it.each<[RouteName, string, string]>([
    ['about', '/about/5', '/'],
    ['liveDetail', '/liveDetail/4', '/'],
    ['fundDetail', '/fundDetail?id=2', '/shopIndex'],
    ['articleDetail', '/articleDetail?id=1', '/shopIndex'],
    ['download', '/download', '/record'],
  ])('opened cold, %s’s 返回 goes to its list in place of the page', async (route, address, list) => {
    strip(route, [address]);
    const back = await screen.findByRole('link', { name: '返回' });
    expect(back).toHaveAttribute('href', list);
    fireEvent.click(back);
    expect(screen.getByTestId('where')).toHaveTextContent(new RegExp(`^${list.replace('?', '\\?')}$`));
  });

  it('after a move inside the app, 返回 is the browser’s back', async () => {
    strip('fundDetail', ['/questionList']);
    fireEvent.click(screen.getByRole('link', { name: '打开基金' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/fundDetail?id=2');
    fireEvent.click(await screen.findByRole('link', { name: '返回' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/questionList$/);
  });

  it('is on no list page (they have the tab bar) and on no adviser or staff page', () => {
    const doors = Object.keys(DOOR_BACK_TO) as RouteName[];
    expect(doors.filter((name) => name in CUSTOMER_TAB_OF)).toEqual([]);
    const areas = new Set(routeList.filter((r) => doors.includes(r.name)).map((r) => r.area));
    expect([...areas].sort()).toEqual(['helper', 'invitation', 'live', 'store']);
    strip('home', ['/']);
    strip('marketMapIndex', ['/marketMapIndex']);
    expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
  });
});
