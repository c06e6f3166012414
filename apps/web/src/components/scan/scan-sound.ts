/**
 * A short beep for a scan read (high) or refused (low), so the warehouse hears the outcome
 * without looking. Web Audio, no sound file; silent where the browser has none (tests).
 */
let context: AudioContext | undefined;

export function beep(ok: boolean): void {
  const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Context) return;
  try {
    context ??= new Context();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = ok ? 880 : 220;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(context.destination);
    const seconds = ok ? 0.09 : 0.3;
    oscillator.start();
    oscillator.stop(context.currentTime + seconds);
  } catch {
    // A browser that blocks audio before a gesture: the outcome still shows.
  }
}
