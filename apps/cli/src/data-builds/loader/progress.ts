import { SingleBar, Presets } from 'cli-progress';

export interface Progress {
  start(label: string, totalBytes: number): void;
  update(bytes: number, records: number): void;
  stop(): void;
}

/** A bar with rate and ETA on a terminal; a log line every few seconds otherwise (CI, files). */
export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  return stream.isTTY ? new BarProgress(stream) : new LogProgress(stream);
}

class BarProgress implements Progress {
  private bar: SingleBar | null = null;
  private started = 0;
  constructor(private readonly stream: NodeJS.WriteStream) {}

  start(label: string, totalBytes: number): void {
    this.started = Date.now();
    this.bar = new SingleBar(
      {
        stream: this.stream,
        format: `${label.padEnd(10)} {bar} {percentage}% | {records} records | {rate}/s | ETA {eta_formatted}`,
        hideCursor: true,
      },
      Presets.shades_classic,
    );
    this.bar.start(Math.max(totalBytes, 1), 0, { records: 0, rate: 0 });
  }

  update(bytes: number, records: number): void {
    const seconds = (Date.now() - this.started) / 1000 || 1;
    this.bar?.update(bytes, { records, rate: Math.round(records / seconds) });
  }

  stop(): void {
    this.bar?.stop();
  }
}

class LogProgress implements Progress {
  private label = '';
  private total = 1;
  private started = 0;
  private last = 0;
  private bytes = 0;
  private records = 0;
  constructor(private readonly stream: NodeJS.WriteStream) {}

  start(label: string, totalBytes: number): void {
    Object.assign(this, {
      label,
      total: Math.max(totalBytes, 1),
      started: Date.now(),
      last: Date.now(),
      bytes: 0,
      records: 0,
    });
  }

  update(bytes: number, records: number): void {
    this.bytes = bytes;
    this.records = records;
    if (Date.now() - this.last >= 5000) this.print();
  }

  stop(): void {
    this.print();
  }

  private print(): void {
    this.last = Date.now();
    const seconds = (this.last - this.started) / 1000 || 1;
    const rate = this.records / seconds;
    const fraction = Math.min(this.bytes / this.total, 1);
    const eta = fraction > 0 ? Math.round(seconds / fraction - seconds) : null;
    this.stream.write(
      `${this.label}: ${(fraction * 100).toFixed(1)}% ${this.records} records, ${Math.round(rate)}/s${eta === null ? '' : `, eta ${eta}s`}\n`,
    );
  }
}

export const silentProgress: Progress = { start() {}, update() {}, stop() {} };
