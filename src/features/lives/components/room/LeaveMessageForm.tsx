import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';

import { LEAVE_MESSAGE_MAX } from '../../../../api/contract/live-constants';
import { charLength, leaveMessageDraftChanged, leaveMessageSubmitted } from '../../store/live-room-slice';
import { selectLiveRoom } from '../../store/room-selectors';

import { useAppDispatch, useAppSelector } from '@/store';
import { HoldNotice } from '@/ui/HoldNotice';
import { PolicyHint, usePolicyAdvice } from '@/ui/PolicyHint';

const HINT = { error: 'leave-form__error', note: 'leave-form__note' };

/**
 * Leave-a-message: length limits and the content policy checked before sending (a promise stops it,
 * personal numbers will be hidden); a failure keeps the text and says why.
 */
export function LeaveMessageForm() {
  const dispatch = useAppDispatch();
  const { leave, leaveHold, viewer } = useAppSelector(selectLiveRoom);
  const count = charLength(leave.draft);
  const advice = usePolicyAdvice(leave.draft, 'leave_message');
  return (
    <form
      className="leave-form"
      onSubmit={(e) => {
        e.preventDefault();
        dispatch(leaveMessageSubmitted());
      }}
    >
      <label htmlFor="leave-message">给主讲嘉宾留言</label>
      {viewer && (
        <p className="leave-form__viewer" data-testid="room-viewer">
          当前身份：{viewer.nickname}
        </p>
      )}
      <TextArea
        id="leave-message"
        value={leave.draft}
        onChange={(v) => dispatch(leaveMessageDraftChanged(v))}
        placeholder="写下您想问的问题（2-200 字）"
        autoSize={{ minRows: 1, maxRows: 4 }}
        disabled={leave.status === 'sending'}
      />
      <div className="leave-form__row">
        <span className={count > LEAVE_MESSAGE_MAX ? 'leave-form__count over' : 'leave-form__count'}>
          {count}/{LEAVE_MESSAGE_MAX}
        </span>
        <Button
          type="submit"
          color="primary"
          size="small"
          loading={leave.status === 'sending'}
          disabled={advice.refusal !== null}
          data-testid="leave-submit"
        >
          发送留言
        </Button>
      </div>
      <PolicyHint advice={advice} serverError={leave.error} className={HINT} />
      {leave.status === 'sent' && leaveHold && <HoldNotice hold={leaveHold} />}
      {leave.status === 'sent' && !leaveHold && (
        <p className="leave-form__ok" role="status">
          留言已发送
        </p>
      )}
    </form>
  );
}
