/**
 * The fields every own-tracking report carries, as the customer app sends them: `who` is its userid and uuid,
 * `at` its clock in seconds; `over` changes any of them.
 */
export const ownTrackingFields = (who: string, at: number, over: Record<string, unknown> = {}) => ({
  product_source: 1,
  project_source: 2,
  channel_source: 46,
  project_uid: 'g1',
  project_utype: 4,
  is_analyst: 0,
  count_type: 1,
  version: '1.0.0',
  userid: who,
  uuid: who,
  timestamp: at,
  product_uid: '',
  ...over,
});
