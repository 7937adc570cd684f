import { Link } from 'react-router-dom';

import { PROMISE_RULES } from '@/api/contract/content-policy';
import { QUESTION_MAX_LENGTH, QUESTION_MIN_LENGTH } from '@/api/contract/store-constants';
import { routes } from '@/routes';

/** How to use the store and how to ask well (static). */
export default function GuideScreen() {
  return (
    <main className="kn-page">
      <section className="kn-section">
        <h2>知识商城怎么用</h2>
        <ol style={{ lineHeight: 1.8, paddingLeft: 20, margin: 0 }}>
          <li>首页看头条、专家观点、资讯与精选产品。</li>
          <li>专家与核心成员均展示从业资格编号，可在证券投资基金业协会官网核验。</li>
          <li>产品页标注风险等级；私募产品仅向确认合格投资者身份后的用户展示合同。</li>
        </ol>
      </section>
      <section className="kn-section">
        <h2>如何提一个好问题</h2>
        <ul style={{ lineHeight: 1.8, paddingLeft: 20, margin: 0 }}>
          <li>说清资金期限、可承受的亏损和目标，例如“三年不用的钱，能接受10%回撤”。</li>
          <li>
            问题长度{QUESTION_MIN_LENGTH}～{QUESTION_MAX_LENGTH}个字；含敏感词的问题无法提交，提示会指出是哪个词。
          </li>
          <li>请勿留下身份证号、银行卡号等个人信息。</li>
        </ul>
      </section>
      <section className="kn-section">
        <h2>回答如何发布</h2>
        <p style={{ lineHeight: 1.7, margin: 0 }}>
          专家撰写回答后提交合规审核（审核中），审核通过才会发布；不合规的回答会被退回并注明原因。任何承诺收益的说法（如
          {PROMISE_RULES.map((r) => r.label).join('、')}）都不能提交。
        </p>
      </section>
      <div className="kn-pad">
        <Link
          className="ui-btn"
          style={{ display: 'inline-flex', alignItems: 'center' }}
          to={routes.questionList.getHref()}
        >
          去提问
        </Link>
      </div>
    </main>
  );
}
