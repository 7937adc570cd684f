import { useSearchParams } from 'react-router-dom';

import { ErrorBlock } from '../../../ui/ErrorBlock';
import { meetingTarget } from '../meeting';

import './helpers.css';

/** /jumpToMeeting?url= or ?id=: checks the meeting link or number, then offers to join. */
export default function JumpToMeetingScreen() {
  const [params] = useSearchParams();
  const target = meetingTarget(params);
  if (!target.ok) return <ErrorBlock status="default" title="无法加入会议" description={target.message} fullPage />;
  return (
    <main className="helper helper__center">
      <h1>加入会议</h1>
      <p className="helper__hint">会议：{target.label}</p>
      <p className="helper__hint">点击下方按钮打开会议；未安装会议应用时，请先安装后再试。</p>
      <div className="helper__actions">
        <a className="adm-button adm-button-primary adm-button-block adm-button-large" href={target.href}>
          加入会议
        </a>
      </div>
    </main>
  );
}
