/**
 * match_metadata.evidence of a match whose every given field agreed (docs/enrichment.md,
 * Evidence): one agreed entry per field, in request-field order. test/enrich-evidence checks
 * the entries themselves; the suites pinning whole answers check this much.
 */
export const agreedOn = (fields: readonly string[]) =>
  fields.map((field) => expect.objectContaining({ field, outcome: 'agreed', weight: expect.any(Number) }));
