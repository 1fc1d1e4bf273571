/** Summary of one measured series: latencies in milliseconds. */
export interface Summary {
  label: string;
  requests: number;
  errors: number;
  seconds: number;
  throughput: number;
  medianMs: number;
  p99Ms: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function summarize(label: string, latencies: number[], errors: number, seconds: number): Summary {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    label,
    requests: latencies.length,
    errors,
    seconds,
    throughput: latencies.length / seconds,
    medianMs: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
  };
}

export function printTable(title: string, rows: Summary[]): void {
  console.log(`\n## ${title}`);
  console.log('| series | requests | errors | throughput (req/s) | median (ms) | p99 (ms) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.requests} | ${r.errors} | ${r.throughput.toFixed(0)} | ${r.medianMs.toFixed(2)} | ${r.p99Ms.toFixed(2)} |`,
    );
  }
}
