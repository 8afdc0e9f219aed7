/**
 * A value one piece of the request pipeline leaves on the request for another (the caller's
 * access, the charge, the claimed Idempotency-Key…). Keyed by a symbol, not a named property, so
 * nothing else on the request can collide with or spoof it, and JSON never carries it.
 */
export interface RequestSlot<T> {
  set(request: object, value: T): void;
  /** Undefined when nothing set it on this request. */
  get(request: object): T | undefined;
}

export function requestSlot<T>(name: string): RequestSlot<T> {
  const key = Symbol(name);
  type Holder = { [key]?: T };
  return {
    set: (request, value) => {
      (request as Holder)[key] = value;
    },
    get: (request) => (request as Holder)[key],
  };
}
