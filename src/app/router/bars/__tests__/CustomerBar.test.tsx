import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { AreaBar, preloadBars } from '../AreaBar';

import type { RouteName } from '@/routes';

const bar = (routeName: RouteName) =>
  render(
    <MemoryRouter>
      <AreaBar routeName={routeName} />
    </MemoryRouter>,
  );

// The bars' code loaded once up front, as the server render does: on a busy machine the first lazy import of a
// test otherwise outlasts the one second findByRole waits.
beforeAll(() => preloadBars(), 30_000);

describe('the customer tab bar', () => {
  it('offers 直播 / 商城 / 邀请 / 我的 on the live list, each a link to its page', async () => {
    bar('home');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((a) => a.textContent)).toEqual(['直播', '商城', '邀请', '我的']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/', '/shopIndex', '/record', '/mine']);
    expect(screen.getByRole('link', { name: '直播' })).toHaveAttribute('aria-current', 'page');
  });

  it.each<[RouteName, string]>([
    ['shopIndex', '商城'],
    ['questionList', '商城'],
    ['wechatH5', '邀请'],
    ['record', '邀请'],
    ['rules', '邀请'],
    ['mine', '我的'],
  ])('on %s the %s tab is the current one', async (route, tab) => {
    bar(route);
    expect(await screen.findByRole('link', { name: tab })).toHaveAttribute('aria-current', 'page');
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it.each<RouteName>(['liveDetail', 'playBack', 'about', 'questionDetail', 'fundDetail', 'download', 'login'])(
    'is not on %s, which has its own bottom actions or is a step of a flow',
    (route) => {
      bar(route);
      expect(screen.queryByRole('navigation', { name: '主导航' })).toBeNull();
    },
  );
});
