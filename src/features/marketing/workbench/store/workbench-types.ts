// The workbench's own state shapes: its tabs and filter, card actions, the handling sheet and its outbox.
import type { ApiErrorInfo } from '@/api';
import type { ChanceGroup, ClueHandleSubmitRequest, HandleOutcome } from '@/api/contract/market-map';

export type CardOrder = 'priority' | 'time';
export type WorkbenchTab = 'today' | 'chance' | 'clue';

export interface WorkbenchFilter {
  tab: WorkbenchTab;
  group: ChanceGroup | null;
  tags: string[];
  order: CardOrder;
}

/** A one-tap action on a card while its request is out. */
export type CardAction = 'check' | 'handling' | 'snooze' | 'ignore' | 'restore';

/** Target of a handling: a card or a clue. */
export interface HandleTarget {
  card_id?: number;
  clue_id?: number;
}

/** What the adviser typed in the handling sheet. */
export interface HandleDraft {
  target: HandleTarget;
  outcome: HandleOutcome;
  note: string;
  nextFollowUp: string | null;
}

/**
 * A handling submit in the outbox: sending now, pending (offline or cut off; sent again when the
 * network returns, with the same idempotency key) or failed (the server refused it: shown, removable).
 */
export interface QueuedSubmit {
  key: string;
  request: ClueHandleSubmitRequest;
  /** Shown in the pending list: who it is about. */
  customerName: string;
  queuedAt: number;
  status: 'sending' | 'pending' | 'failed';
  attempts: number;
  error: ApiErrorInfo | null;
}
