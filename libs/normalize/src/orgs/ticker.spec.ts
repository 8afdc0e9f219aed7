import { normalizeTicker } from './ticker';

describe('normalizeTicker', () => {
  it.each<[string, string, string | null]>([
    ['AAPL', 'AAPL', null],
    ['aapl', 'AAPL', null],
    [' aapl ', 'AAPL', null],
    ['a a p l', 'AAPL', null],
    ['\tMsft\n', 'MSFT', null],
    ['$tsla', 'TSLA', null],
    ['$TSLA', 'TSLA', null],
    ['NASDAQ:AAPL', 'AAPL', 'NASDAQ'],
    ['nasdaq: aapl', 'AAPL', 'NASDAQ'],
    ['NYSE:IBM', 'IBM', 'NYSE'],
    ['ibm (nyse)', 'IBM', 'NYSE'],
    ['LON:VOD', 'VOD', 'LON'],
    ['brk.b', 'BRK.B', null],
    ['BRK.A', 'BRK.A', null],
    ['BF-B', 'BF-B', null],
    ['bf.b', 'BF.B', null],
    ['RDS/A', 'RDS/A', null],
    ['7203', '7203', null],
    ['005930', '005930', null],
    ['TYO:7203', '7203', 'TYO'],
    ['VOD.L', 'VOD.L', null],
    ['SAP', 'SAP', null],
    ['TSLC', 'TSLC', null],
    ['LDLK', 'LDLK', null],
    ['brkl', 'BRKL', null],
    ['x', 'X', null],
    ['goog', 'GOOG', null],
    ['GOOGL', 'GOOGL', null],
    ['0700', '0700', null],
    ['HKG:0700', '0700', 'HKG'],
    ['shop.to', 'SHOP.TO', null],
    ['ry', 'RY', null],
    ['V', 'V', null],
    ['meta', 'META', null],
  ])('%j → %s', (input, symbol, exchange) => {
    expect(normalizeTicker(input)).toEqual({ ok: true, value: { symbol, exchange } });
    expect(normalizeTicker(symbol)).toEqual({ ok: true, value: { symbol, exchange: null } });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['$', 'empty'],
    ['AAPL!', 'invalid_ticker'],
    ['APPLE, INC', 'invalid_ticker'],
    ['VERYLONGTICKER', 'invalid_ticker'],
    ['A..B', 'invalid_ticker'],
    ['.AAPL', 'invalid_ticker'],
    ['ÄPFEL', 'invalid_ticker'],
  ])('rejects %j (%s)', (input, reason) => {
    expect(normalizeTicker(input)).toEqual({ ok: false, reason });
  });
});
