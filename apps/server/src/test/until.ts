/**
 * What `probe` answers once it answers something (a throw counts as not yet), tried every 20 ms
 * for at most `limitMs`: the tests that watch real server processes wait on what they do.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, limitMs = 120_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
