/**
 * The screens with a checked text box, and the hint under it, load without pinyin-pro: if one of them imports the
 * reader again (not through `loadPinyinReader`'s import()), its dictionary is back in the page's first load and this
 * fails.
 */
jest.mock('pinyin-pro', () => {
  throw new Error('pinyin-pro was loaded with a page');
});

describe('first-load boundary of the pinyin reader', () => {
  it.each([
    '@/ui/PolicyHint',
    '@/lib/content-policy',
    '@/features/invitation/screens/WechatH5Screen',
    '@/features/lives/components/room/LeaveMessageForm',
    '@/features/knowledge/components/AskBox',
  ])('%s loads without it', (module) => {
    expect(() => jest.requireActual(module)).not.toThrow();
  });

  it('the guard works: the reader itself pulls it in', () => {
    expect(() => jest.requireActual('@/lib/content-policy/pinyin-reader')).toThrow('pinyin-pro was loaded with a page');
  });
});
