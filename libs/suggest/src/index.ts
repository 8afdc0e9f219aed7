export { editDistance } from './edit-distance';
export { MAX_CANDIDATES, MAX_COMPARED, MAX_SUGGESTED_INPUTS, type SuggestOptions, suggest } from './suggest';
