import type { FeedImportReport } from '@kiyasla/contracts/admin-stores';

/** Rejected items and price changes kept in a report, at most. */
export const REPORT_SAMPLE_LIMIT = 50;

/** The running counts of one import, turned into its report at the end. */
export class ImportTally {
  received = 0;
  matched = 0;
  created = 0;
  updated = 0;
  unchanged = 0;
  deactivated = 0;
  unmatched = 0;
  rejected = 0;
  priceChanges = 0;
  /** Not in the report's counts, but checked by tests and shown by the CLI. */
  historyRows = 0;
  events = 0;
  held: FeedImportReport['held'] = null;
  readonly rejectedSamples: FeedImportReport['rejectedSamples'] = [];
  readonly priceChangeSamples: FeedImportReport['priceChangeSamples'] = [];

  reject(line: number, sku: string | null, reason: string): void {
    this.rejected += 1;
    if (this.rejectedSamples.length < REPORT_SAMPLE_LIMIT) this.rejectedSamples.push({ line, sku, reason });
  }

  priceChange(sku: string, productId: string, oldPrice: number, newPrice: number): void {
    this.priceChanges += 1;
    if (this.priceChangeSamples.length < REPORT_SAMPLE_LIMIT) {
      this.priceChangeSamples.push({ sku, productId, oldPrice, newPrice });
    }
  }

  /** Adds the counts and samples of `other` (a batch's own tally, once its transaction committed). */
  add(other: ImportTally): void {
    this.received += other.received;
    this.matched += other.matched;
    this.created += other.created;
    this.updated += other.updated;
    this.unchanged += other.unchanged;
    this.deactivated += other.deactivated;
    this.unmatched += other.unmatched;
    this.rejected += other.rejected;
    this.priceChanges += other.priceChanges;
    this.historyRows += other.historyRows;
    this.events += other.events;
    for (const sample of other.rejectedSamples) {
      if (this.rejectedSamples.length < REPORT_SAMPLE_LIMIT) this.rejectedSamples.push(sample);
    }
    for (const sample of other.priceChangeSamples) {
      if (this.priceChangeSamples.length < REPORT_SAMPLE_LIMIT) this.priceChangeSamples.push(sample);
    }
  }

  report(durationMs: number): FeedImportReport {
    return {
      received: this.received,
      matched: this.matched,
      created: this.created,
      updated: this.updated,
      unchanged: this.unchanged,
      deactivated: this.deactivated,
      unmatched: this.unmatched,
      rejected: this.rejected,
      priceChanges: this.priceChanges,
      rejectedSamples: [...this.rejectedSamples].sort((a, b) => a.line - b.line),
      priceChangeSamples: this.priceChangeSamples,
      held: this.held,
      durationMs: Math.round(durationMs),
    };
  }
}
