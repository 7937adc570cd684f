import type { ScoreParts } from '@/api/contract/market-map';

const PARTS: Array<{ key: keyof ScoreParts; name: string; max: number; hint: string }> = [
  { key: 'amount', name: '金额', max: 40, hint: '金额相对客户总资产' },
  { key: 'recency', name: '时效', max: 25, hint: '最新动态距今多久' },
  { key: 'behaviour', name: '行为', max: 20, hint: '行为强度与叠加的动态数' },
  { key: 'tier', name: '客户层级', max: 15, hint: '私行 / 金卡 / 普通' },
];

/** 为什么是这张卡: the score's parts as stored when it was computed (a sunk category shows its minus). */
export function WhyCard({ score, parts }: { score: number; parts: ScoreParts }) {
  const sum =
    PARTS.map((p) => `${p.name} ${Math.round(parts[p.key])}`).join(' + ') +
    (parts.feedback ? ` − 反馈 ${Math.abs(Math.round(parts.feedback))}` : '');
  return (
    <section className="mk-section" aria-label="为什么是这张卡" data-testid="why">
      <h3>为什么是这张卡</h3>
      <p className="cu-score">
        评分 <strong>{Math.round(score)}</strong> = {sum}
      </p>
      <div className="cu-bars">
        {PARTS.map((p) => (
          <div className="cu-bar" key={p.key} title={p.hint}>
            <span>{p.name}</span>
            <i>
              <b style={{ width: `${Math.min(100, (Math.max(0, parts[p.key]) / p.max) * 100)}%` }} />
            </i>
            <span>
              {Math.round(parts[p.key])}/{p.max}
            </span>
          </div>
        ))}
        {parts.feedback < 0 && (
          <div className="cu-bar cu-bar--neg">
            <span>反馈</span>
            <i>
              <b style={{ width: `${Math.min(100, Math.abs(parts.feedback) * 5)}%` }} />
            </i>
            <span>{Math.round(parts.feedback)}</span>
          </div>
        )}
      </div>
      {parts.feedback < 0 && <p className="cu-note">您忽略过多张同类商机，这一类已排在后面；可在设置中撤销。</p>}
    </section>
  );
}
