import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { DeadEndPage } from '../DeadEndPage';

function renderAt(entries: string[]) {
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/home" element={<p>首页</p>} />
        <Route path="/list" element={<p>列表</p>} />
        <Route
          path="/broken"
          element={
            <DeadEndPage heading="直播" title="链接不完整" description="请重新打开" homeHref="/home">
              <a href="/home">查看直播列表</a>
            </DeadEndPage>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('DeadEndPage', () => {
  it('names itself with one h1 and offers back as a real button a screen reader can name', () => {
    renderAt(['/broken']);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['直播']);
    const back = screen.getByRole('button', { name: '返回' });
    expect(back.tagName).toBe('BUTTON');
    // No element claims to be a button without a name (the kit's header did: role="button" on a box).
    for (const el of Array.from(document.querySelectorAll('[role="button"], button'))) {
      expect(el.textContent?.trim() || el.getAttribute('aria-label')).toBeTruthy();
    }
  });

  it('goes back to the previous in-app page', () => {
    renderAt(['/list', '/broken']);
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(screen.getByText('列表')).toBeInTheDocument();
  });

  it('goes home when the broken link was the first page opened', () => {
    renderAt(['/broken']);
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    expect(screen.getByText('首页')).toBeInTheDocument();
  });
});
