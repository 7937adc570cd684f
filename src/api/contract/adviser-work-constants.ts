/**
 * Own-tracking event names of the adviser's work on the workbench (advisor variant: project_utype 4,
 * channel_source 43). The client emits them, the server counts them; one list so both agree.
 */
export const AdviserWorkEvent = {
  cardShown: 'workbench_card_show',
  cardOpened: 'workbench_card_open',
  cardHandled: 'workbench_card_handle',
  cardSnoozed: 'workbench_card_snooze',
  cardIgnored: 'workbench_card_ignore',
  cardRestored: 'workbench_card_restore',
  materialSent: 'workbench_material_send',
  productSent: 'workbench_product_send',
  messageStarted: 'workbench_message_start',
  callStarted: 'workbench_call_start',
  customerOpened: 'workbench_customer_open',
  searched: 'workbench_search',
} as const;
export type AdviserWorkEventName = (typeof AdviserWorkEvent)[keyof typeof AdviserWorkEvent];
export const ADVISER_WORK_EVENT_NAMES: readonly AdviserWorkEventName[] = Object.values(AdviserWorkEvent);
