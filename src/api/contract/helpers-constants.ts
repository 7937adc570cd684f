/** Plain constants of the helper calls, shared by client and server (no TypeBox: client-safe). */

/** The mini-program page /jumpToMini opens when the address names none. */
export const DEFAULT_MINI_PATH = 'pages/index/index';
/** Mini-program page paths as WeChat accepts them. */
export const MINI_PATH_PATTERN = '^[A-Za-z0-9_][A-Za-z0-9_./-]{0,127}$';
/** A login token from make_login_token is single-use and lives 5 minutes. */
export const LOGIN_TOKEN_TTL_MS = 5 * 60 * 1000;
/** Field an AES-encrypted answer carries its data in (decrypted with the environment's aesKey). */
export const ENCRYPTED_FIELD = 'encrypt_data';
