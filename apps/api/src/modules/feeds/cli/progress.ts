import type { ImportProgress } from '../import/types';

const WIDTH = 30;

function bar(fraction: number): string {
  const filled = Math.round(Math.max(0, Math.min(1, fraction)) * WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}]`;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} MB`;

/**
 * A one-line progress bar on a terminal (stderr), redrawn at most ten times a second: bytes read
 * while the feed is read, items applied while it is applied. Silent when stderr is not a terminal
 * (a pipe, a log file, CI), so the printed report stays clean.
 */
export class ProgressBar {
  private last = 0;
  private bytes = 0;
  private drawn = false;

  constructor(
    private readonly stream: NodeJS.WriteStream = process.stderr,
    private readonly totalBytes?: number,
  ) {}

  get enabled(): boolean {
    return Boolean(this.stream.isTTY);
  }

  read(bytes: number): void {
    this.bytes += bytes;
    this.draw(() => {
      const size = this.totalBytes;
      return size ? `okunuyor ${bar(this.bytes / size)} ${mb(this.bytes)} / ${mb(size)}` : `okunuyor ${mb(this.bytes)}`;
    });
  }

  update(progress: ImportProgress): void {
    if (progress.phase === 'read') return;
    const total = progress.total ?? 0;
    this.draw(
      () =>
        `uygulanıyor ${bar(total ? progress.done / total : 1)} ${progress.done.toLocaleString('tr-TR')} / ${total.toLocaleString('tr-TR')} ürün`,
      progress.done === total,
    );
  }

  done(): void {
    if (this.drawn && this.enabled) this.stream.write('\n');
    this.drawn = false;
  }

  private draw(text: () => string, force = false): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.last < 100) return;
    this.last = now;
    this.drawn = true;
    this.stream.write(
      `\r${text()
        .padEnd(Math.max(0, (this.stream.columns ?? 80) - 1))
        .slice(0, (this.stream.columns ?? 80) - 1)}`,
    );
  }
}
