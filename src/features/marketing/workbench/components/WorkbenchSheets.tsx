import { selectHandleOptions } from '../store/workbench-selectors';
import { cardIgnoreRequested, cardSnoozeRequested, handleSubmitted } from '../store/workbench-slice';
import type { HandleTarget } from '../store/workbench-types';
import type { CardSheet } from './CardParts';
import { HandleSheet } from './HandleSheet';
import { IgnoreSheet } from './IgnoreSheet';
import { SnoozeSheet } from './SnoozeSheet';

import type { CardItem, ClueItem } from '@/api/contract/market-map';
import { useAppDispatch, useAppSelector } from '@/store';

export type OpenSheet = { kind: CardSheet; card: CardItem } | { kind: 'handleClue'; clue: ClueItem } | null;

/** The one sheet open on the workbench: handle a card or a clue, snooze a card, or ignore it. */
export function WorkbenchSheets({ sheet, now, onClose }: { sheet: OpenSheet; now: number; onClose(): void }) {
  const dispatch = useAppDispatch();
  const options = useAppSelector(selectHandleOptions);

  const submitHandle =
    (target: HandleTarget, who: string) => (draft: Parameters<typeof handleSubmitted>[0]['draft']) => {
      dispatch(handleSubmitted({ draft: { ...draft, target }, customerName: who }));
      onClose();
    };

  return (
    <>
      {sheet?.kind === 'handle' && (
        <HandleSheet
          target={{ card_id: sheet.card.card_id }}
          who={sheet.card.customer.display_name}
          options={options.list}
          now={now}
          onSubmit={submitHandle({ card_id: sheet.card.card_id }, sheet.card.customer.display_name)}
          onClose={onClose}
        />
      )}
      {sheet?.kind === 'handleClue' && (
        <HandleSheet
          target={{ clue_id: sheet.clue.clue_id }}
          who={sheet.clue.display_name}
          options={options.list}
          now={now}
          onSubmit={submitHandle({ clue_id: sheet.clue.clue_id }, sheet.clue.display_name)}
          onClose={onClose}
        />
      )}
      {sheet?.kind === 'snooze' && (
        <SnoozeSheet
          who={sheet.card.customer.display_name}
          now={now}
          onClose={onClose}
          onSubmit={(until) => {
            dispatch(cardSnoozeRequested({ cardId: sheet.card.card_id, until }));
            onClose();
          }}
        />
      )}
      {sheet?.kind === 'ignore' && (
        <IgnoreSheet
          who={sheet.card.customer.display_name}
          onClose={onClose}
          onSubmit={(reason, text) => {
            dispatch(
              cardIgnoreRequested({ cardId: sheet.card.card_id, reason, ...(text ? { ignoreText: text } : {}) }),
            );
            onClose();
          }}
        />
      )}
    </>
  );
}
