import { useState } from 'react';

import type { ChanceDetail } from '@/api/contract/market-map';
import { HANDLE_OUTCOME_NAMES, type HandleOutcome, OPEN_CARD_STATES } from '@/api/contract/market-map-constants';
import { ReachActions } from '@/features/marketing/reach';
import { ADVISORY_ACTIONS, CARD_STATE_NAMES, SUGGESTED_ACTIONS, Toast } from '@/features/marketing/shared';
import type { CardSheet } from '@/features/marketing/workbench';
import {
  cardHandlingRequested,
  cardIgnoreRequested,
  CardSheetButtons,
  cardSnoozeRequested,
  HandleSheet,
  handleSubmitted,
  IgnoreSheet,
  selectCardBusy,
  selectHandleOptions,
  selectPendingTargets,
  selectWorkbenchNotice,
  SnoozeSheet,
  workbenchNoticeDismissed,
} from '@/features/marketing/workbench';
import { useAppDispatch, useAppSelector } from '@/store';

/** 建议动作: what to do about this card, and the workbench's own handle / snooze / ignore (same events, sheets and outbox). */
export function CardActions({ card, now, advisory = false }: { card: ChanceDetail; now: number; advisory?: boolean }) {
  const dispatch = useAppDispatch();
  const [sheet, setSheet] = useState<CardSheet | null>(null);
  const busy = useAppSelector((s) => selectCardBusy(s, card.card_id));
  const options = useAppSelector(selectHandleOptions);
  const pending = useAppSelector(selectPendingTargets).cards.has(card.card_id);
  const notice = useAppSelector(selectWorkbenchNotice);
  const who = card.customer.display_name;
  const open = (OPEN_CARD_STATES as readonly string[]).includes(card.state) || card.state === 'snoozed';
  const choose = (kind: CardSheet) => {
    // 处理 moves the card to handling at once; the sheet records the outcome.
    if (kind === 'handle' && card.state !== 'handling')
      dispatch(cardHandlingRequested({ target: { card_id: card.card_id } }));
    setSheet(kind);
  };
  const h = card.handling;
  return (
    <section className="mk-section" aria-label="建议动作" data-testid="action">
      <h3>建议动作</h3>
      <p className="cu-action">
        {(advisory && ADVISORY_ACTIONS[card.category_id]) ||
          SUGGESTED_ACTIONS[card.category_id] ||
          '联系客户，了解需求。'}
      </p>
      <p className="cu-note">
        {/* Opening the detail marks a new card viewed (the check is on its way). */}
        当前状态：{CARD_STATE_NAMES[card.state === 'new' ? 'viewed' : card.state] ?? card.state}
        {card.snooze_until ? `（暂缓至 ${card.snooze_until}）` : ''}
        {pending ? ' · 处理结果待发送' : ''}
      </p>
      {h && (
        <p className="cu-note">
          上次处理：{HANDLE_OUTCOME_NAMES[h.outcome as HandleOutcome] ?? h.outcome}
          {h.note ? `，${h.note}` : ''}
          {h.next_follow_up ? `；下次跟进 ${h.next_follow_up}` : ''}
        </p>
      )}
      <ReachActions target={{ card_id: card.card_id }} customerId={card.customer.customer_id} />
      {open && <CardSheetButtons busy={busy} onChoose={choose} style={{ marginBottom: 12 }} />}
      {sheet === 'handle' && (
        <HandleSheet
          target={{ card_id: card.card_id }}
          who={who}
          options={options.list}
          now={now}
          onClose={() => setSheet(null)}
          onSubmit={(draft) => {
            dispatch(handleSubmitted({ draft: { ...draft, target: { card_id: card.card_id } }, customerName: who }));
            setSheet(null);
          }}
        />
      )}
      {sheet === 'snooze' && (
        <SnoozeSheet
          who={who}
          now={now}
          onClose={() => setSheet(null)}
          onSubmit={(until) => {
            dispatch(cardSnoozeRequested({ cardId: card.card_id, until }));
            setSheet(null);
          }}
        />
      )}
      {sheet === 'ignore' && (
        <IgnoreSheet
          who={who}
          onClose={() => setSheet(null)}
          onSubmit={(reason, text) => {
            dispatch(cardIgnoreRequested({ cardId: card.card_id, reason, ...(text ? { ignoreText: text } : {}) }));
            setSheet(null);
          }}
        />
      )}
      {notice && <Toast text={notice.text} onClose={() => dispatch(workbenchNoticeDismissed())} />}
    </section>
  );
}
