import { act, fireEvent, render, screen } from '@testing-library/react';

import { LineChart } from '../LineChart';

// A chunk that cannot load (a dropped connection): import() of the drawing rejects.
let mockFail = true;
jest.mock('../LinePlot', () => {
  if (mockFail) throw new Error('Loading chunk chart failed');
  return { __esModule: true, default: () => <svg className="wl-line-chart__plot" /> };
});

test('a chunk that fails to load offers a retry in a box of the same height', async () => {
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(288);
  const { container } = render(
    <LineChart
      series={{
        name: '单位净值',
        points: [
          [0, 1],
          [86_400_000, 1.1],
        ],
      }}
      height={200}
    />,
  );
  await act(async () => undefined);
  expect(screen.getByText('图表加载失败')).toBeInTheDocument();
  expect(screen.getByRole('img')).toHaveStyle({ height: '200px' });
  mockFail = false;
  jest.resetModules();
  fireEvent.click(screen.getByRole('button', { name: '重试' }));
  await act(async () => undefined);
  expect(container.querySelector('.wl-line-chart__plot')).not.toBeNull();
  expect(screen.queryByText('图表加载失败')).toBeNull();
});
