import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';

import { RiskChip } from '../RiskChip';
import { RiskDisclosure } from '../RiskDisclosure';

describe('the one risk chip and the one disclosure block', () => {
  it('the chip says the level and its name', () => {
    render(<RiskChip level="R4" />);
    expect(screen.getByText('R4 中高风险')).toHaveAttribute('data-risk-level', 'R4');
  });

  it("the block always carries both mandatory sentences, after the product's own lines, without repeats", () => {
    render(<RiskDisclosure lines={['产品风险等级：R4（中高风险）', '基金有风险，投资需谨慎']} />);
    const lines = screen.getAllByText(/./, { selector: '.risk-disclosure p' }).map((p) => p.textContent);
    expect(lines).toEqual(['产品风险等级：R4（中高风险）', '基金有风险，投资需谨慎', '过往业绩不代表未来表现']);
  });

  it('no screen or component draws its own risk label or disclosure sentences', () => {
    const root = path.resolve(__dirname, '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (!['__tests__', 'generated'].includes(entry.name)) walk(full);
        } else if (/\.tsx$/.test(entry.name) && !/^Risk(Chip|Disclosure)\.tsx$/.test(entry.name)) {
          const text = fs.readFileSync(full, 'utf8');
          if (
            /中低风险|中高风险|基金有风险，投资需谨慎|过往业绩不代表未来表现|RISK_LEVEL_LABELS|className="(pd|mt)-risk"/.test(
              text,
            )
          )
            offenders.push(path.relative(root, full));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
