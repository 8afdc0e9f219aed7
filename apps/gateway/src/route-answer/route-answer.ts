/**
 * A handler's answer when its body alone does not say everything the caller gets: the response
 * headers and what it bills travel beside the body as data, so a service returns them without
 * touching the transport, billing reads the count it is given instead of guessing from the body,
 * and one interceptor (RouteAnswerInterceptor) writes them for HTTP.
 */
export class RouteAnswer<T extends object> {
  constructor(
    readonly body: T,
    readonly headers: Readonly<Record<string, string>>,
    /** Matches to charge; null when the answer is free by rule: nothing charged, no usage row. */
    readonly billable: number | null,
  ) {}
}
