import { Link } from 'react-router-dom';

import './invitation.css';

import { routes } from '@/routes';

/** /rules: the invitation rules in plain words (the same numbers the server enforces). */
export default function RulesScreen() {
  return (
    <main className="inv">
      <h1>会员邀请活动规则</h1>
      <section className="inv-card">
        <ol className="inv-ol">
          <li>在「邀请记录」页获取你的专属邀请链接或海报，分享给好友。</li>
          <li>
            好友打开你的链接后30天内完成注册，即算你邀请的好友。以好友最先打开的邀请链接为准，之后再打开别人的链接不会改变。
          </li>
          <li>每个手机号、每个微信只能注册一次；不能通过自己的链接注册（同一手机号、微信或设备）。</li>
          <li>奖励只针对好友注册、完成实名认证和完成学习任务，与购买任何理财产品无关。</li>
          <li>奖励先为「待发放」，好友完成实名并经工作人员核对绑定理财师后发放；异常邀请会作废并注明原因。</li>
          <li>同一网络一天内注册超过3人，或1小时内通过同一邀请人注册超过10人，将转人工审核，审核期间奖励暂不发放。</li>
          <li>验证码60秒内只能获取一次，同一手机号每小时最多5次，5分钟内有效，输错5次即作废。</li>
          <li>登录密码需为6-20位，且包含数字、字母、符号中的至少两种。</li>
        </ol>
      </section>
      <p className="inv-center">
        <Link to={routes.record.getHref()}>返回邀请记录</Link>
      </p>
    </main>
  );
}
