import { useCallback, useSyncExternalStore } from 'react';

/** A line of the invoice form as the user edits it; `inventoryId` null: first-expiry-first-out. */
export interface DraftLine {
  key: number;
  itemId?: number;
  itemName?: string;
  inventoryId?: number | null;
  quantity?: number | null;
  price?: string | null;
  discountPercent?: string | null;
}

/** How a line splits over lots for its money (one part per lot), as its row computed it. */
export interface LinePart {
  quantity: number;
}

type Listener = () => void;

/**
 * The invoice form's lines outside the antd Form (issue 8: the form stays fast at 200 lines):
 * each row subscribes to its own line, the list to the keys, the totals to every change, so
 * adding a line or changing one quantity re-renders that row and the totals, not the 200 others.
 */
export class InvoiceLinesStore {
  private lines = new Map<number, DraftLine>();
  private parts = new Map<number, readonly LinePart[]>();
  private errors: Readonly<Record<string, string>> = {};
  private keys: readonly number[] = [];
  private nextKey = 1;
  private lineListeners = new Map<number, Set<Listener>>();
  private listListeners = new Set<Listener>();
  private version = 0;

  constructor(lines: readonly Omit<DraftLine, 'key'>[]) {
    this.reset(lines);
  }

  reset(lines: readonly Omit<DraftLine, 'key'>[]): void {
    this.lines.clear();
    this.parts.clear();
    this.keys = lines.map((line) => this.put(line));
    this.errors = {};
    this.changed();
  }

  private put(line: Omit<DraftLine, 'key'>): number {
    const key = this.nextKey++;
    this.lines.set(key, { ...line, key });
    return key;
  }

  private changed(key?: number): void {
    this.version += 1;
    if (key !== undefined) this.lineListeners.get(key)?.forEach((l) => l());
    this.listListeners.forEach((l) => l());
  }

  add(line: Omit<DraftLine, 'key'> = { quantity: 1 }): number {
    const key = this.put(line);
    this.keys = [...this.keys, key];
    this.changed();
    return key;
  }

  remove(key: number): void {
    this.lines.delete(key);
    this.parts.delete(key);
    this.keys = this.keys.filter((k) => k !== key);
    // Refusals name lines by position, which removing one shifts.
    if (Object.keys(this.errors).length > 0) this.setErrors({});
    this.changed();
  }

  update(key: number, patch: Partial<Omit<DraftLine, 'key'>>): void {
    const line = this.lines.get(key);
    if (!line) return;
    this.lines.set(key, { ...line, ...patch });
    // A changed line's old refusal no longer applies.
    const index = this.keys.indexOf(key);
    const prefix = `lines.${index}.`;
    if (Object.keys(this.errors).some((k) => k.startsWith(prefix))) this.errors = Object.fromEntries(Object.entries(this.errors).filter(([k]) => !k.startsWith(prefix)));
    this.changed(key);
  }

  setParts(key: number, parts: readonly LinePart[]): void {
    // Without a split the totals count the line as one part: a new row's first split of one
    // part changes nothing they show, so it is kept without re-rendering them.
    const before = this.parts.get(key) ?? [{ quantity: this.lines.get(key)?.quantity ?? 0 }];
    const same = before.length === parts.length && before.every((p, i) => p.quantity === parts[i]!.quantity);
    this.parts.set(key, parts);
    if (!same) this.changed();
  }

  setErrors(errors: Readonly<Record<string, string>>): void {
    this.errors = errors;
    // A new object per line: its row's snapshot changes, so it shows (or drops) its refusal.
    for (const key of this.keys) {
      this.lines.set(key, { ...this.lines.get(key)! });
      this.lineListeners.get(key)?.forEach((l) => l());
    }
    this.changed();
  }

  line = (key: number): DraftLine | undefined => this.lines.get(key);
  partsOf = (key: number): readonly LinePart[] | undefined => this.parts.get(key);
  keyList = (): readonly number[] => this.keys;
  all = (): DraftLine[] => this.keys.map((k) => this.lines.get(k)!);
  errorsOf = (key: number): Record<string, string> => {
    const prefix = `lines.${this.keys.indexOf(key)}.`;
    return Object.fromEntries(Object.entries(this.errors).filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]));
  };
  snapshot = (): number => this.version;

  subscribeLine = (key: number, listener: Listener): (() => void) => {
    const set = this.lineListeners.get(key) ?? new Set();
    set.add(listener);
    this.lineListeners.set(key, set);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.lineListeners.get(key) === set) this.lineListeners.delete(key);
    };
  };

  subscribe = (listener: Listener): (() => void) => {
    this.listListeners.add(listener);
    return () => this.listListeners.delete(listener);
  };
}

/** One line, re-rendering its row only when that line (or its refusal) changes. */
export function useDraftLine(store: InvoiceLinesStore, key: number): DraftLine | undefined {
  // Stable functions: a new subscribe per render would unsubscribe and subscribe again each time.
  const subscribe = useCallback((listener: Listener) => store.subscribeLine(key, listener), [store, key]);
  const read = useCallback(() => store.line(key), [store, key]);
  return useSyncExternalStore(subscribe, read);
}

/** The line keys, for the list (changes when a line is added or removed). */
export function useLineKeys(store: InvoiceLinesStore): readonly number[] {
  return useSyncExternalStore(store.subscribe, store.keyList);
}

/** Any change at all (totals). */
export function useLinesVersion(store: InvoiceLinesStore): number {
  return useSyncExternalStore(store.subscribe, store.snapshot);
}
