export { RouteAnswer } from './route-answer';
export { RouteAnswerInterceptor } from './route-answer.interceptor';
