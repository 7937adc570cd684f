/** The base paths of the remote services (docs/rules/services.md), as the local backend mounts them. */
export const SERVICE_BASE_PATHS = [
  '/smart-live/smart-service',
  '/live-api/cs-live-app',
  '/chat-room',
  '/chat-group',
  '/mgm-service',
  '/noah-common',
  '/market_map_url',
] as const;
