import { buildHref, getHref, routes } from '@/routes';

describe('buildHref', () => {
  it('fills required and optional params, URI-encoding values', () => {
    expect(buildHref('/about/:liveid?', { liveid: 'a b/c' })).toBe('/about/a%20b%2Fc');
    expect(buildHref('/x/:id/y', { id: 7 })).toBe('/x/7/y');
  });

  it('drops a missing optional segment', () => {
    expect(buildHref('/about/:liveid?')).toBe('/about');
    expect(buildHref('/about/:liveid?', { liveid: null })).toBe('/about');
    expect(buildHref('/about/:liveid?', { liveid: '' })).toBe('/about');
  });

  it('throws on a missing required param instead of writing "undefined" into a link', () => {
    expect(() => buildHref('/x/:id', {})).toThrow('missing required param "id"');
  });

  it('appends the query and leaves out null and undefined values', () => {
    expect(buildHref('/', {}, { from: 'weapp', uuid: undefined, date: null, n: 0, ok: false })).toBe(
      '/?from=weapp&n=0&ok=false',
    );
    expect(buildHref('/iframe', {}, { url: 'http://h/RateDetail?a=1&b=2' })).toBe(
      '/iframe?url=http%3A%2F%2Fh%2FRateDetail%3Fa%3D1%26b%3D2',
    );
  });
});

describe('route getHref helpers', () => {
  it('builds every documented address from the table', () => {
    expect(routes.home.getHref()).toBe('/');
    expect(routes.home.getHref(undefined, { from: 'weapp' })).toBe('/?from=weapp');
    expect(routes.about.getHref({ liveid: 1024 }, { from: 'weapp' })).toBe('/about/1024?from=weapp');
    expect(routes.liveEnd.getHref({ liveid: 5 })).toBe('/LiveEnd/5');
    expect(routes.rateShareDetail.getHref()).toBe('/RateShareDetail');
    expect(getHref('pdf', undefined, { fileId: 3 })).toBe('/Pdf?fileId=3');
  });
});
