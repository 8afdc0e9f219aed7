import { randomInt } from 'node:crypto';

/**
 * The code a person reads to the agent (RFC 8628 §6.1 style): 8 characters from 20 consonants
 * without look-alikes or vowels (no words), about 34 bits; shown as XXXX-XXXX, accepted in any
 * case with or without hyphens and spaces.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

export function generateUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The form that is hashed and compared: uppercase, hyphens and whitespace removed. */
export function normalizeUserCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}
