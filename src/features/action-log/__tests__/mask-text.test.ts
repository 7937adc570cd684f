import { magnitude, maskAmounts, maskFreeText } from '../mask-text';
import { createRedactor } from '../redact';

const placeholder = (kind: string, value: string) => `[${kind}:${value.length.toString(36).padStart(7, '0')}]`;
const opts = { placeholder };

describe('magnitude: a band of powers of ten, in 万 and 亿', () => {
  test.each([
    [0, '¥0'],
    [9_999.99, '¥1万以下'],
    [10_000, '¥1万-10万'],
    [19_700, '¥1万-10万'],
    [99_999, '¥1万-10万'],
    [100_000, '¥10万-100万'],
    [500_000, '¥10万-100万'],
    [1_234_567.89, '¥100万-1000万'],
    [99_999_999, '¥1000万-1亿'],
    [100_000_000, '¥1亿-10亿'],
    [9_999_999_999, '¥10亿-100亿'],
    [10_000_000_000, '¥100亿以上'],
    [-50_000, '-¥1万-10万'],
  ])('%d → %s', (yuan, band) => expect(magnitude(yuan)).toBe(band));
});

describe('free text: people hidden, clues kept', () => {
  test.each([
    ['客户张伟说直播间白屏', '客户[name:0000002]说直播间白屏'],
    ['白屏', '白屏'],
    ['页面白屏了', '页面白屏了'],
    ['张三丰的持仓不对', '[name:0000003]的持仓不对'],
    ['金额张三不对', '金额[name:0000002]不对'],
    ['晏北先生来电', '[name:0000002]先生来电'],
    ['用户：晏小北', '用户：[name:0000003]'],
    ['欧阳娜娜', '[name:0000004]'],
    ['直播 99999 打不开', '直播 99999 打不开'],
    ['基金 007119 的页面', '基金 007119 的页面'],
    ['第12条', '第12条'],
    ['他有50万元', '他有[¥10万-100万]'],
    ['持仓¥19,700.00', '持仓[¥1万-10万]'],
    ['转入 1,234,567 元后', '转入 [¥100万-1000万]后'],
    ['还有2亿', '还有[¥1亿-10亿]'],
    ['订单 20261129001 出错', '订单 [number:000000b] 出错'],
    ['点了第3个按钮', '点了第3个按钮'],
  ])('%s → %s', (text, masked) => expect(maskFreeText(text, opts)).toBe(masked));

  test('public names of the catalogue are kept, in full, even when they start with a surname', () => {
    const publicTerms = new Set(['招商中证白酒', '高毅晓峰', '陈光明']);
    expect(
      maskFreeText('客户李四问招商中证白酒和高毅晓峰，陈光明讲得好', { placeholder, publicTerms: [publicTerms] }),
    ).toBe('客户[name:0000002]问招商中证白酒和高毅晓峰，陈光明讲得好');
  });

  test('a placeholder is never cut into: its label is not a number, a name or an amount', () => {
    const text = '[phone:13a8123] 与 [name:7z00001] 和 [¥1万-10万] 后面 13万元';
    expect(maskFreeText(text, opts)).toBe('[phone:13a8123] 与 [name:7z00001] 和 [¥1万-10万] 后面 [¥10万-100万]');
    expect(maskAmounts('[number:1234567]', opts)).toBe('[number:1234567]');
  });

  test('the note, through the redactor: the phone whole, names and amounts masked, 白屏 and the live id kept', () => {
    const r = createRedactor('salt');
    const note = r.note('直播间99999白屏，客户张伟电话13812345678，资产50万元');
    expect(note).toMatch(/^直播间99999白屏，客户\[name:[0-9a-z]{7}\]电话\[phone:[0-9a-z]{7}\]，资产\[¥10万-100万\]$/);
    // The server redacts the same note again: nothing changes.
    expect(createRedactor('other').note(note)).toBe(note);
  });
});
