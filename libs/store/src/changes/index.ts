export {
  type Candidate,
  type ChangeKind,
  fieldsUpdated,
  type Merged,
  mergeByKey,
  mergeKeys,
  sameJson,
} from './compare';
export { type Change, type ChangesDb, type ChangeScope, RecordVanishedError } from './changes';
export { streamEntityChanges, type StreamOptions } from './stream';
export { changesPage, type ChangesPage, type PageRequest } from './page';
