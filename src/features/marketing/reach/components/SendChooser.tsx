import { useState } from 'react';
import { createPortal } from 'react-dom';

import {
  type ReachTarget,
  sendChoiceConfirmed,
  type SendChooser as Chooser,
  sendChooserClosed,
  sendOptionsRetried,
} from '../store/reach-slice';
import { OptionRow, Preview, TextDraft, Waiting } from './SendChooserParts';

import { Sheet } from '@/features/marketing/shared';
import { useAppDispatch } from '@/store';
import { usePolicyAdvice } from '@/ui/PolicyHint';

const TEXT = 'text';

/**
 * 发消息's chooser: the suggestion first with why and its suitability verdict, a preview of what the customer
 * receives, the other suitable materials, and a plain text. Nothing is sent until 确认发送, and then only what
 * WeCom confirms counts as delivered (docs/workbench.md "Consent before a send").
 */
export function SendChooser({ target, chooser }: { target: ReachTarget; chooser: Chooser }) {
  const dispatch = useAppDispatch();
  const options = chooser.options;
  const [picked, setPicked] = useState<number | typeof TEXT | null>(null);
  const [text, setText] = useState('');
  const advice = usePolicyAdvice(text, 'message');
  const choice = picked ?? options?.suggested_id ?? (options ? TEXT : null);
  const sending = chooser.status === 'sending';
  const material = options?.options.find((o) => o.material_id === choice) ?? null;
  const canSend =
    !sending &&
    chooser.status === 'ready' &&
    (choice === TEXT ? text.trim().length > 0 && !advice.refusal : material?.verdict.ok === true);
  const confirm = () => {
    if (!options || !canSend) return;
    const offer = {
      shown: options.options.map((o) => o.material_id),
      suggested: options.suggested_id,
      chosen: choice === TEXT ? 'text' : `material:${material!.material_id}`,
    };
    dispatch(
      sendChoiceConfirmed({
        target,
        choice:
          choice === TEXT ? { text: text.trim() } : { material_id: material!.material_id, title: material!.title },
        offer,
      }),
    );
  };
  const close = () => dispatch(sendChooserClosed({ target }));
  // The card rows are positioned by transforms (virtualized): the sheet goes to the body to cover the screen.
  return createPortal(
    <Sheet title={options ? `发消息给 ${options.display_name}` : '发消息'} onClose={sending ? () => {} : close}>
      <div className="mk-send" data-testid="send-chooser" data-status={chooser.status}>
        {chooser.status === 'loading' && <p className="mk-foot">正在检查适当性…</p>}
        {chooser.status === 'failed' && (
          <p className="mk-send__error" role="alert">
            {chooser.error}{' '}
            <button type="button" onClick={() => dispatch(sendOptionsRetried({ target }))}>
              重试
            </button>
          </p>
        )}
        {options && (
          <>
            <p className="mk-send__meta">
              今日还可联系该客户 {options.budget.remaining}/{options.budget.limit} 次（企业微信确认送达后才计入）
            </p>
            {options.suggested_id === null && (
              <p className="mk-send__no">暂无可发给该客户的素材，可发文字消息或先在素材库中挑选</p>
            )}
            <div role="radiogroup" aria-label="选择要发送的内容" className="mk-send__list">
              {options.options.map((o, i) => (
                <div key={o.material_id}>
                  {i === 0 && o.material_id === options.suggested_id && <span className="mk-label">推荐</span>}
                  {i === 1 && <span className="mk-label">其他可选</span>}
                  <OptionRow o={o} picked={choice === o.material_id} onPick={() => setPicked(o.material_id)} />
                  {/* What the customer receives, right under the material picked (the suggestion at first). */}
                  {choice === o.material_id && <Preview o={o} />}
                </div>
              ))}
              <button
                type="button"
                role="radio"
                aria-checked={choice === TEXT}
                className={`mk-send__option${choice === TEXT ? ' mk-send__option--picked' : ''}`}
                onClick={() => setPicked(TEXT)}
              >
                <strong>发文字消息</strong>
                <span className="mk-send__why">用你自己的话联系客户，发送前经内容合规检查</span>
              </button>
            </div>
            {choice === TEXT && <TextDraft text={text} onChange={setText} advice={advice} />}
          </>
        )}
        {chooser.error && chooser.status === 'ready' && (
          <p className="mk-send__error" role="alert">
            {chooser.error}
          </p>
        )}
        {sending && <Waiting />}
        <div className="mk-actions mk-send__foot">
          <button type="button" disabled={sending} onClick={close}>
            取消
          </button>
          <button type="button" className="mk-primary" disabled={!canSend} onClick={confirm}>
            {sending ? '发送中…' : '确认发送'}
          </button>
        </div>
      </div>
    </Sheet>,
    document.body,
  );
}
