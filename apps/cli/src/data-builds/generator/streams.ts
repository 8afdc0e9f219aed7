/**
 * Stream ids: each aspect of a record draws from its own stream, so adding a draw to one
 * aspect does not shift every value after it (and the identity pre-pass can replay names alone).
 */
export const STREAM = {
  company: 1,
  companyDetail: 2,
  identity: 3,
  person: 4,
  /** Which fields a sparse record keeps: drawn apart, so dense values stay the same draws. */
  personSparse: 5,
  companySparse: 6,
  /** `--vocabulary current`: a company's industry and name in that build's words. */
  currentIndustry: 7,
  currentName: 8,
} as const;

/** Keys of the keyed bijections (ids, usernames). */
export const KEY = {
  slotOrder: 0x51a7,
  personSvc: 0x5e1f,
  companySvc: 0xc0c0,
  personNetx: 0x1e7f,
  companyNetx: 0xc17e,
  unique: 0x0e4a,
} as const;
