import { COMPLIANCE_DECISION_LABELS, decisionLabel } from '../compliance-trail';

describe('the trail’s decisions in the desk’s words', () => {
  it('reads every decision the server writes in Chinese, and an unknown stored code as itself', () => {
    expect(decisionLabel('submitted')).toBe('提交审核');
    expect(decisionLabel('held')).toBe('暂扣待复核');
    expect(decisionLabel('declined')).toBe('自认不符合');
    expect(decisionLabel('listed')).toBe('查阅列表');
    expect(decisionLabel('legacy_code')).toBe('legacy_code');
    for (const [code, words] of Object.entries(COMPLIANCE_DECISION_LABELS))
      expect([code, /[\u4e00-\u9fff]/.test(words)]).toEqual([code, true]);
  });
});
