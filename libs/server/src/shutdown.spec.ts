import { EventEmitter } from 'node:events';
import { boundShutdown } from './shutdown';

describe('boundShutdown', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('exits once the grace period after SIGTERM has passed, even if shutdown hangs', () => {
    const signals = new EventEmitter();
    const exit = jest.fn();
    const warn = jest.fn();
    boundShutdown(5000, { signals, exit, warn });
    jest.advanceTimersByTime(60_000);
    expect(exit).not.toHaveBeenCalled(); // no signal, no exit
    signals.emit('SIGTERM');
    jest.advanceTimersByTime(4999);
    expect(exit).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(exit).toHaveBeenCalledWith(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('5000 ms'));
  });

  it('starts the clock on SIGINT too, and only once', () => {
    const signals = new EventEmitter();
    const exit = jest.fn();
    boundShutdown(1000, { signals, exit, warn: () => undefined });
    signals.emit('SIGINT');
    jest.advanceTimersByTime(500);
    signals.emit('SIGTERM');
    jest.advanceTimersByTime(500);
    expect(exit).toHaveBeenCalledTimes(1);
  });
});
