import { shareLink } from '../share-link';

describe('shared links', () => {
  it("never carry the sharer's uuid, token or code; the sharer only as attribution", () => {
    const link = shareLink(
      'https://h5.example.com/about/3?uuid=u1&token=t&code=c&state=s&from=weapp&user_token=x#top',
      'u1',
    );
    const url = new URL(link);
    expect([...url.searchParams.keys()].sort()).toEqual(['from', 'sharer']);
    expect(url.searchParams.get('sharer')).toBe('u1');
    expect(url.hash).toBe('');
  });

  it('an anonymous sharer adds nothing; a stale sharer is replaced', () => {
    expect(shareLink('https://h5.example.com/?sharer=old&date=2026-11-22', null)).toBe(
      'https://h5.example.com/?date=2026-11-22',
    );
  });
});
