/**
 * The images of the sample public-account articles (wx-samples.ts), as the firm's fetcher would have cached them:
 * real figures of what each article explains, not the generated live covers (which say "LIVE …").
 */
const FONT = 'font-family="PingFang SC, Noto Sans CJK SC, sans-serif"';

function slice(cx: number, cy: number, r: number, from: number, to: number, fill: string): string {
  const at = (t: number) => [cx + r * Math.sin(2 * Math.PI * t), cy - r * Math.cos(2 * Math.PI * t)];
  const [x0, y0] = at(from);
  const [x1, y1] = at(to);
  const large = to - from > 0.5 ? 1 : 0;
  return `<path d="M${cx} ${cy}L${x0!.toFixed(1)} ${y0!.toFixed(1)}A${r} ${r} 0 ${large} 1 ${x1!.toFixed(1)} ${y1!.toFixed(1)}Z" fill="${fill}"/>`;
}

function allocation(): string {
  const parts: Array<[string, number, string]> = [
    ['股票', 0.4, '#c8102e'],
    ['债券', 0.35, '#1f5fa8'],
    ['现金', 0.15, '#6b8e23'],
    ['黄金与另类', 0.1, '#b8860b'],
  ];
  let t = 0;
  const pie = parts.map(([, share, fill]) => slice(170, 190, 120, t, (t += share), fill)).join('');
  const legend = parts
    .map(
      ([name, share, fill], i) =>
        `<rect x="340" y="${110 + i * 44}" width="22" height="22" rx="4" fill="${fill}"/>` +
        `<text x="374" y="${128 + i * 44}" font-size="22" fill="#222" ${FONT}>${name} ${Math.round(share * 100)}%</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
    `<rect width="640" height="360" fill="#fbf8f3"/>` +
    `<text x="32" y="44" font-size="24" font-weight="bold" fill="#222" ${FONT}>一个均衡组合的资产配置示例</text>` +
    `${pie}${legend}` +
    `<text x="32" y="340" font-size="16" fill="#555" ${FONT}>示意图，不构成投资建议；配置比例请结合风险承受能力</text></svg>`
  );
}

function pension(): string {
  const rows: Array<[string, string]> = [
    ['每年缴费上限', '12,000 元'],
    ['缴费环节', '税前扣除'],
    ['领取环节', '按 3% 计税'],
    ['可投资', '存款、理财、保险、公募基金'],
  ];
  const table = rows
    .map(
      ([k, v], i) =>
        `<rect x="32" y="${84 + i * 60}" width="576" height="50" rx="8" fill="${i % 2 ? '#eef3f9' : '#fff'}"/>` +
        `<text x="52" y="${116 + i * 60}" font-size="22" fill="#555" ${FONT}>${k}</text>` +
        `<text x="588" y="${116 + i * 60}" font-size="22" fill="#1f5fa8" text-anchor="end" ${FONT}>${v}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
    `<rect width="640" height="360" fill="#f5f8fc"/>` +
    `<text x="32" y="52" font-size="26" font-weight="bold" fill="#222" ${FONT}>个人养老金账户一图看懂</text>${table}</svg>`
  );
}

export const ARTICLE_IMAGES: Readonly<Record<string, () => string>> = {
  'asset-allocation.svg': allocation,
  'pension-account.svg': pension,
};
