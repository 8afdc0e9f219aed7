/**
 * The first and the last word of a surname of several words, as the partial indexes of
 * migration PersonSurnameWords key them. A statement must write the expressions and the
 * predicate exactly so for the planner to use those indexes.
 */
export const SURNAME_WORDS = {
  first: `split_part(last_name, ' ', 1)`,
  last: `reverse(split_part(reverse(last_name), ' ', 1))`,
} as const;
export const SEVERAL_WORDS = `strpos(last_name, ' ') > 0`;
