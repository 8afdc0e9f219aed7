export const CREDITS_CHARGED_HEADER = 'X-Credits-Charged';
export const CREDITS_REMAINING_HEADER = 'X-Credits-Remaining';
/** What the key may still spend before its tighter cap (docs/access.md, "Spend caps per key"). */
export const KEY_CAP_REMAINING_HEADER = 'X-Key-Cap-Remaining';
