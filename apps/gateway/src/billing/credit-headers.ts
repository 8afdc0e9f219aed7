export const CREDITS_CHARGED_HEADER = 'X-Credits-Charged';
export const CREDITS_REMAINING_HEADER = 'X-Credits-Remaining';
