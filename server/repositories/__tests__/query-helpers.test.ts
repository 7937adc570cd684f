import { escapeLike, likePattern } from '../query-helpers';

describe('likePattern', () => {
  it('wraps plain text for a contains match', () => {
    expect(likePattern('胡丽秀')).toBe('%胡丽秀%');
  });

  it('escapes the wildcards and the escape character so each matches only itself', () => {
    expect(likePattern('100%_sure')).toBe('%100\\%\\_sure%');
    expect(likePattern('a\\b')).toBe('%a\\\\b%');
    expect(escapeLike('\\%_')).toBe('\\\\\\%\\_');
  });

  it('anchors a prefix match at the start', () => {
    expect(likePattern('wl_main', 'startsWith')).toBe('wl\\_main%');
  });
});
