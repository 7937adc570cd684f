// There is no internet here: the forwarding assistant's "paste a link" knows these public-account
// articles by address (as the firm's fetcher would have cached them); anything else is pasted as HTML.
export interface SampleArticle {
  title: string;
  html: string;
}

const para = (t: string) => `<p style="margin:0 0 1em">${t}</p>`;

export const WX_SAMPLES: Readonly<Record<string, SampleArticle>> = {
  'https://mp.weixin.qq.com/s/noah-asset-allocation-2025': {
    title: '三张图看懂资产配置',
    html:
      `<div id="js_content"><h1>三张图看懂资产配置</h1><p><img data-src="/static/articles/asset-allocation.svg" src="data:image/gif;base64,R0lGOD" alt="一个均衡组合的资产配置示例"></p>` +
      para('资产配置决定了长期收益的大部分来源。股票、债券与现金各司其职。') +
      para('第一张图：不同资产在不同经济周期中的表现。') +
      para('第二张图：分散配置如何降低组合波动。') +
      para('第三张图：再平衡的纪律。') +
      `<script src="https://res.wx.qq.com/track.js"></script><p><a href="javascript:void(0)" onclick="share()">分享</a></p></div>`,
  },
  'https://mp.weixin.qq.com/s/pension-account-guide': {
    title: '个人养老金账户的五个问题',
    html:
      `<div id="js_content"><h1>个人养老金账户的五个问题</h1>` +
      para('一、谁可以开？在中国境内参加城镇职工或城乡居民基本养老保险的劳动者。') +
      para('二、每年能存多少？12000 元。') +
      para('三、能买什么？储蓄存款、理财产品、商业养老保险和公募基金。') +
      para('四、税收怎么算？缴费环节可在个税前扣除，领取时按 3% 计税。') +
      para('五、什么时候能取？达到退休年龄等条件。') +
      `<img src="/static/articles/pension-account.svg" alt="个人养老金账户一图看懂" onerror="alert(document.cookie)"></div>`,
  },
  'https://mp.weixin.qq.com/s/money-fund-basics': {
    title: '货币基金的七日年化是什么意思',
    html: `<div id="js_content"><h1>货币基金的七日年化是什么意思</h1>${para('七日年化收益率是过去七天收益折算成一年的水平，不代表未来收益。')}${para('看货币基金，更要看规模、流动性和费率。')}<iframe src="https://example.com/ad"></iframe></div>`,
  },
};
