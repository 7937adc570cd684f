import { fireEvent, render, screen } from '@testing-library/react';

import { InlineListState, InlineMore } from '../components/ListParts';
import { PagedFoot } from '../components/PagedFoot';

import type { ApiErrorInfo } from '@/api';

const timeout: ApiErrorInfo = { kind: 'timeout', code: null, httpStatus: null, message: '请求超时，请重试' };

/** A paged list as useDetailList answers it, at `status`, with pages shown unless `items` says otherwise. */
function list(status: string, over: { items?: unknown[]; hasMore?: boolean; error?: ApiErrorInfo | null } = {}) {
  return {
    status,
    items: over.items ?? [1, 2],
    hasMore: over.hasMore ?? true,
    error: over.error ?? null,
    more: jest.fn(),
    refresh: jest.fn(),
  };
}

describe('the foot under a paged detail list', () => {
  it('offers the next page, and after a failed pull goes on offering it (the pull head tells the failure)', () => {
    const l = list('loaded', { error: timeout });
    render(<PagedFoot list={l} />);
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(l.more).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('加载失败，点击重试')).toBeNull();
  });

  it('retries the next page when that page failed', () => {
    const l = list('failed', { error: timeout });
    render(<PagedFoot list={l} />);
    fireEvent.click(screen.getByRole('button', { name: '加载失败，点击重试' }));
    expect(l.more).toHaveBeenCalledTimes(1);
  });

  it('says it is busy, that all is shown, or nothing over an empty list', () => {
    const { rerender, container } = render(<PagedFoot list={list('loadingMore')} />);
    expect(screen.getByText('加载中…')).toBeInTheDocument();
    rerender(<PagedFoot list={list('loaded', { hasMore: false })} end="已全部显示" />);
    expect(screen.getByText('已全部显示')).toBeInTheDocument();
    rerender(<PagedFoot list={list('failed', { items: [] })} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('a short list inside a screen', () => {
  it('shows the failure of its first page with a retry of that page', () => {
    const l = list('failed', { items: [], hasMore: false, error: timeout });
    render(<InlineListState list={l} loading="正在加载客户…" />);
    expect(screen.getByText(/请求超时，请重试/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(l.refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps its rows after a failed next page and retries that page from the button under them', () => {
    const l = list('failed', { error: timeout });
    render(
      <>
        <InlineListState list={l} loading="正在加载客户…" />
        <InlineMore list={l} label="更多客户" />
      </>,
    );
    // No first-page failure over rows that are there: one retry, the next page's.
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '加载失败，点击重试' }));
    expect(l.more).toHaveBeenCalledTimes(1);
    expect(l.refresh).not.toHaveBeenCalled();
  });

  it('names its next page, and says so while it loads', () => {
    const { rerender } = render(<InlineMore list={list('loaded', { error: timeout })} label="更多客户" />);
    expect(screen.getByRole('button', { name: '更多客户' })).toBeInTheDocument();
    rerender(<InlineMore list={list('loadingMore')} label="更多客户" />);
    expect(screen.getByRole('button', { name: '加载中…' })).toBeInTheDocument();
  });
});
