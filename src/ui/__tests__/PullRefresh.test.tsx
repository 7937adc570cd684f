import { act, render, screen, waitFor } from '@testing-library/react';

import type { PullGestureProps } from '../pull-gesture';
import { pulledHeight, PullRefresh, type RefreshOutcome } from '../PullRefresh';

// The drag itself is the gesture library's (tested there and in the browser tests); here the test is the finger.
let finger: PullGestureProps | null = null;
jest.mock('../pull-gesture', () => ({
  PullGesture: (props: PullGestureProps) => {
    finger = props;
    return null;
  },
}));

const head = () => document.querySelector<HTMLElement>('.adm-pull-to-refresh-head')!;

async function mounted(onRefresh: () => Promise<RefreshOutcome>) {
  let renders = 0;
  function Content() {
    renders += 1;
    return <p>列表</p>;
  }
  render(
    <PullRefresh onRefresh={onRefresh}>
      <Content />
    </PullRefresh>,
  );
  // The content is there before the gesture code, inside the kit's markup.
  expect(document.querySelector('.adm-pull-to-refresh-content')).toHaveTextContent('列表');
  await waitFor(() => expect(document.querySelector('[data-gestures="on"]')).not.toBeNull());
  return { renders: () => renders };
}

beforeEach(() => {
  finger = null;
});

describe('PullRefresh', () => {
  it('follows the finger up to five heads (200 px), then resists', () => {
    expect(pulledHeight(-10)).toBe(0);
    expect(pulledHeight(60)).toBe(60);
    expect(pulledHeight(200)).toBe(200);
    expect(pulledHeight(201)).toBeGreaterThan(200);
    expect(pulledHeight(201)).toBeLessThan(201);
    expect(pulledHeight(600)).toBe(300);
    expect(pulledHeight(100_000)).toBeLessThan(400);
  });

  it('binds the gesture after the load event without mounting the content again', async () => {
    const { renders } = await mounted(jest.fn());
    expect(renders()).toBe(1);
    act(() => finger!.onPull(30));
    expect(renders()).toBe(1);
  });

  it('released at 60 px it springs back; past 60 px it refreshes, says so, and closes when done', async () => {
    let done: (outcome: RefreshOutcome) => void = () => undefined;
    const onRefresh = jest.fn(() => new Promise<RefreshOutcome>((resolve) => (done = resolve)));
    await mounted(onRefresh);

    act(() => finger!.onPull(60));
    expect(screen.getByText('下拉刷新')).toBeInTheDocument();
    expect(head().style.height).toBe('60px');
    act(() => finger!.onRelease());
    expect(onRefresh).not.toHaveBeenCalled();
    expect(head().style.height).toBe('0px');

    act(() => finger!.onPull(61));
    expect(screen.getByText('释放立即刷新')).toBeInTheDocument();
    act(() => finger!.onRelease());
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('加载中…')).toBeInTheDocument();
    expect(head().style.height).toBe('40px');
    // No second refresh while one runs.
    expect(finger!.enabled).toBe(false);
    await act(async () => done('refreshed'));
    expect(screen.getByText('刷新成功')).toBeInTheDocument();
    await waitFor(() => expect(head().style.height).toBe('0px'), { timeout: 2000 });
    expect(screen.getByText('下拉刷新')).toBeInTheDocument();
    expect(finger!.enabled).toBe(true);
  });

  it.each([
    ['failed', () => Promise.resolve<RefreshOutcome>('failed')],
    ['rejected', () => Promise.reject(new Error('down'))],
  ])('a %s refresh says 刷新失败, never 刷新成功, then closes (the screen shows its own error)', async (_, outcome) => {
    const texts = new Set<string>();
    const onRefresh = jest.fn(outcome);
    await mounted(onRefresh);
    const seen = new MutationObserver(() => texts.add(head().textContent ?? ''));
    seen.observe(head(), { subtree: true, childList: true, characterData: true });
    act(() => finger!.onPull(100));
    await act(async () => finger!.onRelease());
    expect(screen.getByText('刷新失败')).toBeInTheDocument();
    await waitFor(() => expect(head().style.height).toBe('0px'), { timeout: 2000 });
    expect(screen.getByText('下拉刷新')).toBeInTheDocument();
    seen.disconnect();
    expect(texts).toContain('刷新失败');
    expect(texts).not.toContain('刷新成功');
  });

  it('a refresh that reloaded nothing closes the head without a word of success or failure', async () => {
    const texts = new Set<string>();
    await mounted(() => Promise.resolve('unchanged'));
    const seen = new MutationObserver(() => texts.add(head().textContent ?? ''));
    seen.observe(head(), { subtree: true, childList: true, characterData: true });
    act(() => finger!.onPull(100));
    await act(async () => finger!.onRelease());
    await waitFor(() => expect(head().style.height).toBe('0px'));
    expect(screen.getByText('下拉刷新')).toBeInTheDocument();
    seen.disconnect();
    expect(texts).not.toContain('刷新成功');
    expect(texts).not.toContain('刷新失败');
  });
});
