import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RouteScreen, useRouteDeeplink, useRouteMeta } from '../RouteMeta';

function Show() {
  const meta = useRouteMeta();
  return <p>{`${meta.name}|${meta.title}|${meta.area}|${String(useRouteDeeplink())}`}</p>;
}

describe('route meta', () => {
  it('gives the screen its route name, title, area and deeplink', () => {
    render(
      <MemoryRouter initialEntries={['/oppDetail?deeplink=abc']}>
        <RouteScreen route={{ name: 'oppDetail', title: '商机详情', area: 'marketing', Screen: Show }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('oppDetail|商机详情|marketing|abc')).toBeInTheDocument();
  });

  it('refuses to be used outside a routed screen', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Show />)).toThrow('useRouteMeta must be used inside a routed screen');
    jest.restoreAllMocks();
  });
});
