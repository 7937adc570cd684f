/** Error codes of the product share pages (TypeBox-free: the client imports them). Their server text is shown as is. */
export const ShareErrorCode = {
  /** Qualified-investor-only products may not be promoted in public. */
  privateProduct: 100460,
  /** A share code that is not one the server signed (typed wrong, cut short, forged). */
  invalid: 100461,
  expired: 100462,
  /** The customer may not be sent this product (suitability or contact budget): the text says why. */
  refused: 100463,
} as const;

/** The query name of a share code in a customer-facing page's address (not `code`: that one is WeChat's OAuth code). */
export const SHARE_CODE_PARAM = 'share_code';
