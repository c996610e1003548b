/**
 * A periodic background sweep of every API instance (expired PayPal orders, empty drafts): runs
 * `sweep` every `everyMs`, never twice at once (a sweep still running when the next is due is
 * skipped), logs a failure and tries again next time, and does not keep the process alive.
 * Answers a stop function that waits for a running sweep.
 */
export interface SweepLog {
  error(obj: object, msg: string): void;
}

export function startPeriodicSweep(
  everyMs: number,
  sweep: () => Promise<void>,
  log: SweepLog,
  failureMessage: string,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = sweep()
      .catch((err: unknown) => log.error({ err }, failureMessage))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
