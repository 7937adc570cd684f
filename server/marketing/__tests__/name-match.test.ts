import { displayedName, displayedNameLike, initialsKeyword, matchesDisplayed, matchesInitials } from '../name-match';

describe('finding a customer by name as an adviser types it', () => {
  it('reads a starred keyword as a displayed name, one star for one hidden character', () => {
    expect(displayedName('胡*秀')).toBe('胡*秀');
    expect(displayedName(' 胡＊秀 ')).toBe('胡*秀');
    expect(displayedName('胡')).toBeNull();
    expect(displayedNameLike('胡*秀')).toBe('%胡_秀%');
    expect(displayedNameLike('5%*')).toBe('%5\\%_%');
    expect(matchesDisplayed('胡丽秀', '胡*秀')).toBe(true);
    expect(matchesDisplayed('胡丽丽秀', '胡*秀')).toBe(false);
    expect(matchesDisplayed('胡秀', '胡*')).toBe(true);
  });

  it('reads 2 to 8 Latin letters as pinyin initials from the surname on', () => {
    expect(initialsKeyword('HLX')).toBe('hlx');
    expect(initialsKeyword('h')).toBeNull();
    expect(initialsKeyword('abcdefghi')).toBeNull();
    expect(initialsKeyword('h1')).toBeNull();
    expect(matchesInitials('胡丽秀', 'hlx')).toBe(true);
    expect(matchesInitials('胡丽秀', 'hl')).toBe(true);
    expect(matchesInitials('胡丽秀', 'lx')).toBe(false);
    // Surname readings: 单 as a surname is shàn, 欧阳 is two characters.
    expect(matchesInitials('单田芳', 'stf')).toBe(true);
    expect(matchesInitials('欧阳振华', 'oyzh')).toBe(true);
  });
});
