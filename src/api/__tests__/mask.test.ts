import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { maskIdNumber, maskName, maskPhone } from '../contract/mask';

describe('the one mask helper', () => {
  it('keeps the first and last character of a name of any length', () => {
    expect(maskName('张三明')).toBe('张*明');
    expect(maskName('欧阳振华')).toBe('欧**华');
    expect(maskName('李梅')).toBe('李*');
    expect(maskName('王')).toBe('王');
    expect(maskName('')).toBe('');
  });

  it('keeps the last four digits of a handle made from a phone, as a masked phone does (never 用****1)', () => {
    expect(maskName('用户0001')).toBe('用户0001');
    expect(maskName('用户2010')).toBe('用户2010');
    expect(maskName('用户13812342010')).toBe('用户*******2010');
    // Fewer than four digits is a name like any other.
    expect(maskName('用户01')).toBe('用**1');
  });

  it('keeps the first three and last four digits of a phone', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('138-1234-5678')).toBe('138****5678');
    expect(maskPhone('+86 138 1234 5678')).toBe('861****5678');
    // Too short to be a phone: nothing of it leaks (never "用****1").
    expect(maskPhone('用户1')).toBe('****');
    expect(maskPhone('123456')).toBe('****');
  });

  it('hides at least four digits of a shorter number (7 shown of 7 would be no mask)', () => {
    expect(maskPhone('1234567')).toBe('1****67');
    expect(maskPhone('91234567')).toBe('91****67');
    expect(maskPhone('1234567890')).toBe('123****890');
    for (const phone of ['1234567', '91234567', '1234567890', '13812345678']) {
      const visible = maskPhone(phone).replace(/\*/g, '').length;
      expect([phone, phone.length - visible >= 4]).toEqual([phone, true]);
    }
  });

  it('keeps three and four characters of a resident id', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
    expect(maskIdNumber('1234567')).toBe('*******');
  });

  // A mask function of its own, or stars spliced into a template around a value (`${p.slice(0, 3)}****${...}`).
  const DEFINES_A_MASK = /function mask(Name|Phone)\b/;
  const BUILDS_A_MASK = /`[^`\n]*\*{4}[^`\n]*\$\{|\$\{[^`\n]*\}\*{4}/;

  it('is the only mask implementation in the client and the server', () => {
    const root = join(__dirname, '../../..');
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        // Tests and their support may spell out what a mask should look like.
        if (name === 'node_modules' || name === '__tests__' || name === 'test-support') continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) {
          const text = readFileSync(path, 'utf8');
          if (DEFINES_A_MASK.test(text) || BUILDS_A_MASK.test(text)) found.push(path.slice(root.length + 1));
        }
      }
    };
    walk(join(root, 'src'));
    walk(join(root, 'server'));
    expect(found).toEqual(['src/api/contract/mask.ts']);
  });
});
