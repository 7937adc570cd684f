import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { IdentityForm } from '../components/IdentityForm';
import { Skeleton } from '../components/ListStates';
import { MemberLanding } from '../components/MemberLanding';
import { RegisterForm } from '../components/RegisterForm';
import { invitationEvents as ev, selectLanding, selectRegister } from '../store/invitation-slice';

import './invitation.css';

import { SHARE_CODE_PATTERN } from '@/api/contract/invitation-constants';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

const SHARE = new RegExp(SHARE_CODE_PATTERN);
const BENEFITS = [
  '免费观看全部投教直播与回放',
  '专属理财师一对一解读市场',
  '会员学习任务，完成即得积分',
  '新品发布与路演优先预约',
];

/** /wechatH5: the landing page an invitee opens in WeChat, then the next step after registering. */
export default function WechatH5Screen() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const share = (params.get('share') ?? '').toUpperCase();
  const valid = SHARE.test(share);
  const landing = useAppSelector(selectLanding);
  const reg = useAppSelector(selectRegister);
  const open = () => void dispatch(ev.landingOpened({ shareCode: share }));
  useEffect(() => {
    if (valid) dispatch(ev.landingOpened({ shareCode: share }));
  }, [dispatch, share, valid]);
  // The form was scrolled down; the welcome and the next steps start at the top.
  const registered = reg.status === 'registered';
  useEffect(() => {
    const page = globalThis.document?.scrollingElement;
    if (registered && page) page.scrollTop = 0;
  }, [registered]);

  if (reg.status === 'registered' && reg.result) {
    return (
      <main className="inv">
        <section className="inv-card inv-hero inv-center" data-testid="registered">
          <h1>注册成功</h1>
          <p>欢迎加入财富会员，{reg.result.member.phone}</p>
          {reg.result.flagged && <p>你的注册正在审核中，审核通过后奖励即会发放。</p>}
        </section>
        <IdentityForm verified={reg.result.member.verified} idNumber={reg.result.member.idNumber} />
        <section className="inv-card">
          <h2>下一步</h2>
          <Link
            className="inv-btn inv-btn--block inv-center"
            style={{ lineHeight: '44px', textDecoration: 'none' }}
            to={routes.download.getHref()}
          >
            下载财富 App，观看直播
          </Link>
          <Link
            className="inv-btn inv-btn--ghost inv-btn--block inv-center"
            style={{ lineHeight: '44px', textDecoration: 'none' }}
            to={routes.jumpToMini.getHref({}, { path: 'pages/index/index' })}
          >
            打开小程序
          </Link>
        </section>
      </main>
    );
  }

  const info = landing.info;
  // A member (the inviter on their own link too) gets their member page, not a form that could only refuse them.
  if (info && (info.isMember || info.isSelf)) return <MemberLanding info={info} />;
  return (
    <main className="inv">
      <section className="inv-card inv-hero">
        {!valid ? (
          <h1>邀请链接不完整，请向邀请人重新索取</h1>
        ) : landing.status === 'failed' ? (
          <div role="alert">
            <h1>邀请信息加载失败</h1>
            <p>{landing.error}</p>
            <button type="button" className="inv-btn inv-btn--ghost" onClick={open}>
              重试
            </button>
          </div>
        ) : info ? (
          <h1 data-testid="inviter">{`${info.inviterName} 邀请你加入财富会员`}</h1>
        ) : (
          <h1>正在加载邀请信息…</h1>
        )}
        <p>会员可享：</p>
        <ul className="inv-benefits">
          {(info?.benefits ?? BENEFITS).map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </section>
      {/* A landing the server rendered keeps its form while it is read again. */}
      {valid && landing.status === 'loading' && !info ? <Skeleton /> : <RegisterForm />}
      <p className="inv-center">
        <Link to={routes.rules.getHref()}>查看活动规则</Link>
      </p>
    </main>
  );
}
