import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import ComingSoon from '../ComingSoon';
import NotFound from '../NotFound';

function renderAt(entries: string[], element: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/" element={<p>home</p>} />
        <Route path="/previous" element={<p>previous</p>} />
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ComingSoon', () => {
  it('shows the title in the header and an honest under-construction state', () => {
    renderAt(['/shopIndex'], <ComingSoon title="知识商城" homeHref="/" />);
    expect(screen.getByRole('heading', { name: '知识商城' })).toBeInTheDocument();
    expect(screen.getByText('功能建设中')).toBeInTheDocument();
    expect(screen.getByText('该页面正在建设中，敬请期待')).toBeInTheDocument();
  });

  it('goes home from the button', () => {
    renderAt(['/shopIndex'], <ComingSoon title="知识商城" homeHref="/" />);
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(screen.getByText('home')).toBeInTheDocument();
  });

  it('goes back to the previous page from the header', () => {
    const { container } = renderAt(['/previous', '/shopIndex'], <ComingSoon title="知识商城" homeHref="/" />);
    fireEvent.click(container.querySelector('.adm-nav-bar-back')!);
    expect(screen.getByText('previous')).toBeInTheDocument();
  });

  it('goes home from the header when it was the first page opened (a shared link)', () => {
    const { container } = renderAt(['/shopIndex'], <ComingSoon title="知识商城" homeHref="/" />);
    fireEvent.click(container.querySelector('.adm-nav-bar-back')!);
    expect(screen.getByText('home')).toBeInTheDocument();
  });
});

describe('NotFound', () => {
  it('says the page does not exist and leads home', () => {
    renderAt(['/nope'], <NotFound homeHref="/" />);
    expect(screen.getByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
    expect(screen.getByText('没有找到这个页面')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(screen.getByText('home')).toBeInTheDocument();
  });
});
