/** A Date class whose "now" is the real one plus `offsetMs`; dates built from values are untouched. */
export function shiftedDateClass(RealDate: DateConstructor, offsetMs: number): DateConstructor {
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as [number]));
    }

    static override now(): number {
      return RealDate.now() + offsetMs;
    }
  }
  return ShiftedDate as DateConstructor;
}
