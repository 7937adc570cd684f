import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import AdviserBar from '../AdviserBar';

import { workbenchTabChosen } from '@/features/marketing/workbench/store/workbench-slice';
import { rootReducer } from '@/store';

const setup = (address: string) => {
  const store = configureStore({ reducer: rootReducer });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[address]}>
        <AdviserBar routeName="marketMapIndex" />
      </MemoryRouter>
    </Provider>,
  );
  return store;
};
const current = () => document.querySelector('[aria-current="page"]')?.textContent;

describe('the adviser bar on the workbench', () => {
  it('follows the tab the workbench switches to in the page (the address stays as it was)', async () => {
    const store = setup('/marketMapIndex');
    expect(await screen.findByRole('link', { name: '机会' })).toHaveAttribute('aria-current', 'page');
    act(() => {
      store.dispatch(workbenchTabChosen({ tab: 'clue' }));
    });
    expect(current()).toContain('线索');
    act(() => {
      store.dispatch(workbenchTabChosen({ tab: 'chance' }));
    });
    expect(current()).toContain('机会');
  });

  it('opened at ?tab=clue shows 线索 and tells the workbench', async () => {
    const store = setup('/marketMapIndex?tab=clue');
    expect(await screen.findByRole('link', { name: '线索' })).toHaveAttribute('aria-current', 'page');
    expect(store.getState().workbench?.filter.tab).toBe('clue');
  });
});
