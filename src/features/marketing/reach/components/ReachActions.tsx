import { useState } from 'react';

import {
  callOutcomeSubmitted,
  customerCallRequested,
  customerMessageRequested,
  customerReachNoticeClosed,
  reachKey,
  type ReachTarget,
  selectReach,
} from '../store/reach-slice';
import { SendChooser } from './SendChooser';
import { Undelivered } from './Undelivered';

import { REACH_OUTCOME_NAMES, REACH_OUTCOMES } from '@/api/contract/market-map-reach';
import { Toast } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector } from '@/store';

interface Props {
  target: ReachTarget;
  /** Without a customer (a visitor's clue) there is no WeCom contact: only 打电话. */
  customerId: number | null;
  productIds?: number[];
}

/** 发消息 / 打电话 on a card, clue or customer, and the outcome question once a call went out. */
export function ReachActions({ target, customerId, productIds = [] }: Props) {
  const dispatch = useAppDispatch();
  const key = reachKey(target);
  const e = useAppSelector((s) => selectReach(s, key));
  const busy = e.status !== 'idle';
  return (
    <div className="mk-reach" data-reach={key}>
      <div className="mk-actions">
        {customerId !== null && (
          <button
            type="button"
            disabled={busy}
            onClick={() => dispatch(customerMessageRequested({ target, customerId, productIds }))}
          >
            {e.chooser?.status === 'sending' ? '发送中…' : '发消息'}
          </button>
        )}
        <button type="button" disabled={busy} onClick={() => dispatch(customerCallRequested({ target }))}>
          {e.status === 'calling' ? '呼叫中…' : '打电话'}
        </button>
        {e.outcome && <span className="mk-tag mk-reach__outcome">上次通话：{REACH_OUTCOME_NAMES[e.outcome]}</span>}
      </div>
      {(e.status === 'awaitingOutcome' || e.status === 'saving') && e.callId !== null && (
        <OutcomeQuestion target={target} callId={e.callId} phone={e.phoneMasked} saving={e.status === 'saving'} />
      )}
      {e.chooser && <SendChooser target={target} chooser={e.chooser} />}
      {e.delivery?.state === 'undelivered' && customerId !== null && (
        <Undelivered target={target} customerId={customerId} productIds={productIds} d={e.delivery} />
      )}
      {e.notice && <Toast text={e.notice} onClose={() => dispatch(customerReachNoticeClosed({ target }))} />}
    </div>
  );
}

function OutcomeQuestion(props: { target: ReachTarget; callId: number; phone: string; saving: boolean }) {
  const dispatch = useAppDispatch();
  const [note, setNote] = useState('');
  return (
    <div className="mk-reach__ask" role="group" aria-label="通话结果">
      <p>已通过公司号码呼叫 {props.phone}，通话结果是？</p>
      <div className="mk-actions">
        {REACH_OUTCOMES.map((o) => (
          <button
            key={o}
            type="button"
            disabled={props.saving}
            onClick={() =>
              dispatch(callOutcomeSubmitted({ target: props.target, callId: props.callId, outcome: o, note }))
            }
          >
            {REACH_OUTCOME_NAMES[o]}
          </button>
        ))}
      </div>
      <input
        className="mk-reach__note"
        placeholder="备注（选填）"
        maxLength={200}
        value={note}
        onChange={(ev) => setNote(ev.target.value)}
      />
    </div>
  );
}
