// Apart from area-worker.ts: the app's services hold running workers, and a worker is made from the services.
/** What a running worker offers the app (start, stop) and its tests (one pass, driven by hand). */
export interface RunningWorker {
  start(): void;
  /** Finishes the pass in flight, then stops: called before the database closes. */
  stop(): Promise<void>;
  /** One pass over the work due now, for tests that drive the worker instead of starting it. */
  runOnce(): Promise<unknown>;
}
