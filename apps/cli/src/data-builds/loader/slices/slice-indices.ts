import type { OpenSearchConfig } from '@app/config';
import { BuildKind } from '@app/contracts';
import { buildIndexName } from '@app/search-index';
import type { BuildIndices } from '../../activation/indices';
import { slicedLoadId } from './slice';

/**
 * The one index per entity every slice of build `buildId` cut in `count` slices writes into:
 * `<prefix>people_<kind>_<build>_slices_<N>`, a name each slice process can work out alone, on
 * whatever machine. data:activate finishes these indices and serves them.
 */
export function sliceIndices(
  config: Pick<OpenSearchConfig, 'indexPrefix'>,
  kind: BuildKind,
  buildId: string,
  count: number,
): BuildIndices {
  return {
    person: buildIndexName(config, 'person', kind, buildId, slicedLoadId(count)),
    company: buildIndexName(config, 'company', kind, buildId, slicedLoadId(count)),
  };
}
