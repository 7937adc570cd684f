import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { LiveCard } from '../components/LiveCard';
import { toHomeRow } from '../store/selectors';
import { upcomingOpen } from './fixtures';

/** After a public server render an upcoming card's button keeps its place, waiting, until the tags are the viewer's. */
function renderCard(tagsKnown: boolean, onToggle: jest.Mock) {
  return render(
    <MemoryRouter>
      <LiveCard row={toHomeRow(upcomingOpen, tagsKnown)} href="/about/103" onToggleSubscribe={onToggle} />
    </MemoryRouter>,
  );
}

it('an upcoming card whose subscription is not known yet shows the neutral tag and a waiting button that does nothing', () => {
  const onToggle = jest.fn();
  renderCard(false, onToggle);
  const button = screen.getByTestId(`subscribe-${upcomingOpen.num_index}`);
  expect(screen.getByText('即将开播')).toBeInTheDocument();
  expect(button).toBeDisabled();
  expect(button).toHaveAttribute('aria-busy', 'true');
  fireEvent.click(button);
  expect(onToggle).not.toHaveBeenCalled();
});

it('once known, the same button in the same place subscribes', () => {
  const onToggle = jest.fn();
  renderCard(true, onToggle);
  const button = screen.getByTestId(`subscribe-${upcomingOpen.num_index}`);
  expect(screen.getByText('未预约')).toBeInTheDocument();
  expect(button).toBeEnabled();
  fireEvent.click(button);
  expect(onToggle).toHaveBeenCalledTimes(1);
});
