export { clearShapingCache, compileShaping, PLAN_CACHE_CAPACITY, type UnknownFieldProblem } from './compile';
export {
  type CompanyFieldPath,
  type FieldNode,
  type FieldPath,
  type PersonFieldPath,
  fieldPaths,
  fieldTree,
  findField,
} from './field-tree';
export { inFieldOrder, servedJson } from './field-order';
export {
  MAX_FIELD_LIST_LENGTH,
  SHAPING_PARAM_NAMES,
  type ShapingParamProblem,
  type ShapingParams,
  parseShapingParams,
  splitFieldList,
  toBoolean,
  toFieldList,
} from './params';
export { type ShapedRecord, ShapingPlan } from './plan';
export { plainValue, RawJson, serializeBody } from './raw-json';
export { type ShapedBody, serialize, shapeMatches, shapeRecord } from './shape';
export { suggestPaths } from './suggest';
export { type TitleStyle, titleCase } from './titlecase';
export { COMPANY_TITLECASE_FIELDS, PERSON_TITLECASE_FIELDS, TITLECASE_FIELDS } from './titlecase-fields';
