import { redactNote } from '../note-redaction';

// The note a person types about a customer keeps its words but loses names and numbers.
describe('redactNote', () => {
  test.each([
    // A name after a word that introduces a person, whatever its surname (晏 is not in the table).
    ['客户晏小北说列表空白', '客户[name]说列表空白'],
    ['用户：晏小北', '用户[name]'],
    ['理财师 晏北', '理财师[name]'],
    ['投资人晏北投诉', '投资人[name]诉'],
    ['叫晏北', '叫[name]'],
    // A name before a title.
    ['晏北先生来电', '[name]先生来电'],
    ['晏女士', '[name]女士'],
    ['晏北小姐', '[name]小姐'],
    ['晏阿姨', '[name]阿姨'],
    // A common surname with one or two characters after it, anywhere; compound surnames whole.
    ['张三丰的持仓不对', '[name]的持仓不对'],
    ['问了王五', '问了[name]'],
    ['欧阳修的卡片', '[name]卡片'],
    ['诸葛亮', '[name]'],
    // Numbers: runs of two or more digits (with separators inside) and any number with a money unit.
    ['第12条', '第[number]条'],
    // Spaces after a number go with it.
    ['转入 1,000,000 后', '转入 [number]后'],
    ['转入1，000，000', '转入[number]'],
    ['数值3.14不对', '数值[number]不对'],
    // 金 is a surname too: a word starting with one goes with the name rule.
    ['金额3.14不对', '[name][number]不对'],
    ['持有5万', '持有[number]'],
    ['买了8 元', '买了[number]'],
    ['还有2亿', '还有[number]'],
    ['共3千', '共[number]'],
    ['约7百', '约[number]'],
    ['给了9块', '给了[number]'],
    ['共100元', '共[number]'],
    ['共12 万', '共[number]'],
    // One bare digit is not a number worth hiding; words without a surname stay.
    ['点了第3个按钮', '点了第3个按钮'],
    ['页面空白', '页面空白'],
  ])('%s → %s', (note, redacted) => {
    expect(redactNote(note)).toBe(redacted);
  });

  test('every name and every number of a note, not only the first', () => {
    expect(redactNote('客户晏北、客户晏南：12/34')).toBe('客户[name]、客户[name]：[number]/[number]');
    expect(redactNote('晏北先生、晏南女士')).toBe('[name]先生、[name]女士');
  });
});
