export { Shaped } from './shaped.decorator';
export { SHAPED_ENTITY, ShapingInterceptor } from './shaping.interceptor';
export { ShapingParamsDto } from './shaping-params.dto';
