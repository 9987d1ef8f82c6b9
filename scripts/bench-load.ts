// Load generators for scripts/bench-open-loop.ts, over keep-alive node:http sockets (bounded by `connections`).
// Open loop: requests go out on a fixed schedule whatever the server does, and each latency is timed from the
// request's scheduled send time, so a stalled server shows up in the figures (no coordinated omission).
// Closed loop: `connections` clients each send the next request when the previous one answered (peak req/s).
import http from 'node:http';

export interface Target {
  port: number;
  path: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Failed, non-2xx, or (open loop) unanswered by the end of the drain. */
  errors: number;
  /** Open loop: how late the generator itself issued requests (p99, ms); over 5 ms it fell behind. */
  sendLagP99?: number;
  behind: boolean;
  /** The generator process's CPU over the run, in % of one core: near 100 it, not the server, is the limit. */
  cpu: number;
}

const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : NaN);
const round = (ms: number) => Math.round(ms * 10) / 10;

function summarise(latencies: Float64Array, count: number, errors: number, wallMs: number, cpuStart: NodeJS.CpuUsage, lags?: Float64Array) {
  const sorted = latencies.subarray(0, count).sort();
  const cpu = process.cpuUsage(cpuStart);
  const sortedLags = lags?.sort();
  const sendLagP99 = sortedLags ? round(percentile(sortedLags, 0.99)) : undefined;
  return {
    rps: Math.round((count / wallMs) * 1000),
    p50: round(percentile(sorted, 0.5)),
    p90: round(percentile(sorted, 0.9)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.length ? sorted[sorted.length - 1]! : NaN),
    errors,
    sendLagP99,
    behind: (sendLagP99 ?? 0) > 5,
    cpu: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 100),
  } satisfies LoadResult;
}

/** One request; resolves true on a 2xx with the whole body read. */
function send(agent: http.Agent, target: Target, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.request({ agent, signal, host: '127.0.0.1', port: target.port, path: target.path, headers: target.headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode! >= 200 && res.statusCode! < 300));
      res.on('error', () => resolve(false));
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

export async function openLoop(target: Target, opts: { rate: number; seconds: number; connections: number; drainMs?: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const total = Math.round(opts.rate * opts.seconds);
  const latencies = new Float64Array(total);
  const lags = new Float64Array(total);
  let done = 0;
  let errors = 0;
  let next = 0;
  let lastEnd = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now() + 5;
  const interval = 1000 / opts.rate;
  let allSent!: () => void;
  const sending = new Promise<void>((resolve) => (allSent = resolve));
  const pending = new Set<Promise<void>>();
  const abort = new AbortController();

  // Issues every request whose time has come, then sleeps until the next one is due.
  const tick = () => {
    const now = performance.now();
    while (next < total && start + next * interval <= now) {
      const scheduled = start + next * interval;
      lags[next] = now - scheduled;
      next++;
      const p = send(agent, target, abort.signal).then((ok) => {
        lastEnd = performance.now();
        if (ok) latencies[done++] = lastEnd - scheduled;
        else errors++;
        pending.delete(p);
      });
      pending.add(p);
    }
    if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    else allSent();
  };
  setTimeout(tick, 5);
  await sending;
  // Whatever is still unanswered after the drain counts as an error (its latency is at least the drain).
  await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, opts.drainMs ?? 5000))]);
  errors += pending.size;
  abort.abort(); // requests still queued for a socket must not reach the next run
  agent.destroy();
  // Achieved rate: answers over the time from the first scheduled send to the last answer.
  return summarise(latencies, done, errors, lastEnd - start, cpuStart, lags);
}

export async function closedLoop(target: Target, opts: { seconds: number; connections: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const latencies: number[] = [];
  let errors = 0;
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const end = start + opts.seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      if (await send(agent, target)) latencies.push(performance.now() - sent);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, client));
  const wallMs = performance.now() - start;
  agent.destroy();
  return summarise(Float64Array.from(latencies), latencies.length, errors, wallMs, cpuStart);
}
