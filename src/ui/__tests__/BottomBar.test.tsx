import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { BottomBar } from '../BottomBar';

const items = [
  { key: 'lives', title: '直播', icon: '▶', href: '/' },
  { key: 'store', title: '商城', icon: '◆', href: '/shopIndex', badge: '3' },
];

describe('BottomBar', () => {
  it('is a labelled navigation of links, the current tab marked for screen readers', () => {
    render(
      <MemoryRouter>
        <BottomBar label="主导航" items={items} activeKey="store" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/', '/shopIndex']);
    expect(screen.getByRole('link', { name: /商城/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /直播/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('3')).toBeInTheDocument();
  });

  it('marks no tab when the page is none of them', () => {
    render(
      <MemoryRouter>
        <BottomBar label="主导航" items={items} activeKey={null} />
      </MemoryRouter>,
    );
    expect(document.querySelector('[aria-current]')).toBeNull();
  });
});
