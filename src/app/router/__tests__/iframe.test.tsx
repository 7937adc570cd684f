import { fireEvent, screen, waitFor } from '@testing-library/react';

import { DESKTOP_UA, renderApp } from './test-utils';

import type { GuardEnvironment } from '@/routes';
import { routes } from '@/routes';

// The /iframe screen runs on the desktop browser the guard sent there.
const mockEnv: GuardEnvironment = {
  userAgent: DESKTOP_UA,
  maxTouchPoints: 0,
  isTopWindow: true,
  origin: 'http://localhost',
};
jest.mock('@/routes/environment', () => ({ readGuardEnvironment: () => mockEnv }));
jest.mock('../../../features/lives/screens/HomeScreen', () =>
  jest.requireActual('./stub-screens').textScreenModule('home screen'),
);

beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const frameOf = (url: string) => routes.iframe.getHref(undefined, { url });

describe('/iframe screen', () => {
  it('frames a same-origin address full height, phone width, with ispc=pcWork', async () => {
    renderApp(frameOf('http://localhost/oppDetail?id=9&deeplink=k#d'));
    const frame = await screen.findByTitle(routes.iframe.title);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'http://localhost/oppDetail?id=9&deeplink=k&ispc=pcWork#d');
    expect(frame).toHaveStyle({ maxWidth: '430px', height: '100%' });
  });

  it('accepts a root-relative address', async () => {
    renderApp(frameOf('/materials'));
    expect(await screen.findByTitle(routes.iframe.title)).toHaveAttribute(
      'src',
      'http://localhost/materials?ispc=pcWork',
    );
  });

  it('follows the framed page title in the tab, also when the framed app changes it later', async () => {
    renderApp(frameOf('/materials'));
    const frame = await screen.findByTitle(routes.iframe.title);
    // jsdom does not load the framed page; stand in for its document.
    const framed = document.implementation.createHTMLDocument('直播');
    Object.defineProperty(frame, 'contentDocument', { value: framed });
    fireEvent.load(frame);
    await waitFor(() => expect(document.title).toBe('直播'));
    framed.title = '素材库';
    await waitFor(() => expect(document.title).toBe('素材库'));
  });

  it.each([
    ['https://evil.example.com/oppDetail', '出于安全考虑，只能打开本站的页面'],
    ['//evil.example.com/x', '出于安全考虑，只能打开本站的页面'],
    ['javascript:alert(1)', '出于安全考虑，只能打开本站的页面'],
    ['/iframe?url=%2Fmaterials', '不能在此页面中再次打开自身'],
  ])('refuses %s with a clear message and no frame', async (url, message) => {
    renderApp(frameOf(url));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('无法打开该页面')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('explains a missing address and leads home', async () => {
    const app = renderApp(routes.iframe.getHref());
    expect(await screen.findByText('链接中缺少要打开的页面地址')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(app.href()).toBe('/');
  });
});
