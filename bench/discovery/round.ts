/** `x` to `digits` decimals, as the discovery benches report their figures. */
export const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
