import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { Id, NO_NUL, ProductBrief, Suitability } from './market-map-common';

/**
 * What 发消息 may send to one customer, asked before the adviser chooses (docs/workbench.md "Consent before a send").
 * Adviser route, signed (sid):
 *   GET /chance/reach/send-options   the suggested material with why, every option's verdict for this customer
 *                                    (validity, suitability, today's contact budget) and what the customer would
 *                                    receive. A read: it writes no forward, no trail row and spends no contact.
 * The send itself is the adviser's confirmed choice: POST /chance/file/forward with `offer` (what was shown and
 * chosen, kept on the trail), or POST /chance/reach/message with `text` (through the content policy).
 */

/** Exactly one of card, clue or customer (as the other reach routes); `products` ranks materials about them first. */
export const SendOptionsQuery = Type.Object(
  {
    card_id: Type.Optional(Id),
    clue_id: Type.Optional(Id),
    customer_id: Type.Optional(Id),
    /** Comma-separated product ids the card is about (at most 10). */
    products: Type.Optional(Type.String({ pattern: '^\\d{1,9}(,\\d{1,9}){0,9}$' })),
    /** A material to suggest first (a retry of a send that did not go out). */
    prefer: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type SendOptionsQuery = Static<typeof SendOptionsQuery>;

/** One material as the chooser shows it: exactly what the customer receives, and whether it may go to them. */
export const SendOption = Type.Object({
  material_id: Id,
  title: Type.String(),
  summary: Type.String(),
  /** The cover the WeCom card shows (null: the app's default). */
  image_url: Type.Union([Type.String(), Type.Null()]),
  review_no: Type.String(),
  products: Type.Array(ProductBrief),
  /** The sentences the customer's page carries (基金有风险，投资需谨慎 …) when products are named. */
  disclosures: Type.Array(Type.String()),
  /** Validity, suitability and today's contact budget for this customer, as the send would decide. */
  verdict: Suitability,
  /** Why it is offered, in the adviser's words ("关于本商机的产品 …"). */
  why: Type.String(),
});
export type SendOption = Static<typeof SendOption>;

export const SendOptions = Type.Object({
  customer_id: Id,
  display_name: Type.String(),
  budget: Type.Object({ limit: Type.Integer(), used: Type.Integer(), remaining: Type.Integer() }),
  /** The material offered first (the first of `options`), or null when none may go out today. */
  suggested_id: Type.Union([Id, Type.Null()]),
  /** Suitable first (the suggestion leading), then the others with their reasons; at most SEND_OPTIONS_MAX. */
  options: Type.Array(SendOption),
  /** A plain text message: allowed unless today's contact budget is spent (the text is checked when sent). */
  text: Suitability,
});
export type SendOptions = Static<typeof SendOptions>;
export const SendOptionsResponse = Envelope(SendOptions);
export const SEND_OPTIONS_MAX = 6;

/** What the chooser showed and what the adviser chose, kept on the trail with the send. */
export const SendOffer = Type.Object(
  {
    shown: Type.Array(Id, { maxItems: 20 }),
    suggested: Type.Union([Id, Type.Null()]),
    /** `material:<id>` or `text`. */
    chosen: Type.String({ maxLength: 30, pattern: '^(material:\\d{1,9}|text)$' }),
  },
  { additionalProperties: false },
);
export type SendOffer = Static<typeof SendOffer>;

/** A plain text message: at most this many characters (WeCom's text messages are short). */
export const SEND_TEXT_MAX = 500;
export const SendText = Type.String({ minLength: 1, maxLength: SEND_TEXT_MAX, pattern: NO_NUL });

/**
 * Why a send did not reach the customer (POST /chance/file/share-record `reason`), in the adviser's words. The
 * trail keeps the code; every screen and the CSV say the words.
 */
export const SEND_FAILURES = {
  SEND_NOT_CONFIRMED: '企业微信未确认发送',
  SEND_CANCELLED: '已在企业微信中取消发送',
  SDK_FAILED: '企业微信发送失败',
  SDK_TIMEOUT: '企业微信未响应，已停止发送',
  CHAT_NOT_OPENED: '未能打开与客户的会话',
  NOT_ATTEMPTED: '前一位发送失败，未继续发送',
} as const;
export type SendFailure = keyof typeof SEND_FAILURES;
export const SendFailureSchema = Type.Union((Object.keys(SEND_FAILURES) as SendFailure[]).map((k) => Type.Literal(k)));

/** How long the chooser waits for WeCom to answer a send before saying it stopped (docs/workbench.md). */
export const SEND_TIMEOUT_MS = 15_000;

/** One forward's delivery as every screen tells it: 已送达 only once WeCom confirmed. */
export type DeliveryState = 'pending' | 'delivered' | 'undelivered';
export const DELIVERY_NAMES: Record<DeliveryState, string> = {
  pending: '待企业微信确认',
  delivered: '已送达',
  undelivered: '未送达',
};
/** An unconfirmed send holds the contact this long, then counts as not delivered (docs/compliance.md). */
export const SEND_HOLD_MS = 30 * 60 * 1000;

/**
 * The forward's `shared_via` as stored: null until WeCom answers, the API that sent it (`sendChatMessage`), or a
 * failure `<api>.<reason>:fail` (older rows: `<api>:fail`). What the customer received, with the reason if nothing.
 */
export function deliveryOf(
  sharedVia: string | null,
  sentAtMs: number,
  nowMs: number,
): { state: DeliveryState; reason: string | null; code: SendFailure | null } {
  if (sharedVia === null)
    return nowMs - sentAtMs < SEND_HOLD_MS
      ? { state: 'pending', reason: null, code: null }
      : { state: 'undelivered', reason: SEND_FAILURES.SEND_NOT_CONFIRMED, code: 'SEND_NOT_CONFIRMED' };
  if (!sharedVia.endsWith(':fail')) return { state: 'delivered', reason: null, code: null };
  const named = /\.([A-Z_]+):fail$/.exec(sharedVia)?.[1];
  const code: SendFailure = named && named in SEND_FAILURES ? (named as SendFailure) : 'SEND_NOT_CONFIRMED';
  return { state: 'undelivered', reason: SEND_FAILURES[code], code };
}

/** What the server stores for a failed send (ends in `:fail`, which gives the contact back). */
export const failedVia = (api: string, reason: SendFailure | undefined): string =>
  reason ? `${api}.${reason}:fail` : `${api}:fail`;
