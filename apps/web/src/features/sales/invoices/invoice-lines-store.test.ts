import { describe, expect, it, vi } from 'vitest';
import { InvoiceLinesStore } from './invoice-lines-store.ts';

/** A store of three lines with a listener on the list and one on each line. */
function watched() {
  const store = new InvoiceLinesStore([
    { itemId: 7, quantity: 1, price: '10.00' },
    { itemId: 8, quantity: 2, price: '20.00' },
    { itemId: 9, quantity: 3, price: '30.00' },
  ]);
  const [a, b, c] = store.keyList() as [number, number, number];
  const list = vi.fn();
  const lines = { [a]: vi.fn(), [b]: vi.fn(), [c]: vi.fn() };
  store.subscribe(list);
  for (const key of [a, b, c]) store.subscribeLine(key, lines[key]!);
  return { store, keys: [a, b, c] as const, list, lines };
}

describe('the invoice lines store', () => {
  it('adding a line notifies the list (keys, totals) and no line', () => {
    const { store, keys, list, lines } = watched();
    const before = store.keyList();
    const version = store.snapshot();
    const key = store.add();
    expect(list).toHaveBeenCalledTimes(1);
    for (const k of keys) expect(lines[k]).not.toHaveBeenCalled();
    // A new array for the list, the same line objects for the rows (their snapshots do not change).
    expect(store.keyList()).not.toBe(before);
    expect(store.keyList()).toEqual([...keys, key]);
    expect(store.snapshot()).toBeGreaterThan(version);
    expect(store.line(key)).toEqual({ key, quantity: 1 });
  });

  it("updating a line notifies that line's subscribers and the list, and leaves the others' snapshots alone", () => {
    const { store, keys, list, lines } = watched();
    const [a, b, c] = keys;
    const others = [store.line(a), store.line(c)];
    const keyList = store.keyList();
    const version = store.snapshot();
    store.update(b, { quantity: 5 });
    expect(lines[b]).toHaveBeenCalledTimes(1);
    expect(lines[a]).not.toHaveBeenCalled();
    expect(lines[c]).not.toHaveBeenCalled();
    expect(list).toHaveBeenCalledTimes(1);
    expect(store.line(b)?.quantity).toBe(5);
    expect([store.line(a), store.line(c)]).toEqual(others);
    expect(store.line(a)).toBe(others[0]);
    // The list's keys keep their identity (the list does not re-render), the version moves (the totals do).
    expect(store.keyList()).toBe(keyList);
    expect(store.snapshot()).toBeGreaterThan(version);
    // An update of a line that is gone does nothing.
    store.update(999, { quantity: 1 });
    expect(list).toHaveBeenCalledTimes(1);
  });

  it("an update drops that line's refusals only", () => {
    const { store, keys } = watched();
    const [a, b] = keys;
    store.setErrors({ 'lines.0.quantity': 'Quantity must be at least 1', 'lines.1.itemId': 'Item is required' });
    store.update(a, { quantity: 4 });
    expect(store.errorsOf(a)).toEqual({});
    expect(store.errorsOf(b)).toEqual({ itemId: 'Item is required' });
  });

  it('setErrors gives every line a new snapshot and tells each row, so each shows or drops its refusal', () => {
    const { store, keys, lines } = watched();
    const [a, b, c] = keys;
    const before = keys.map((k) => store.line(k));
    store.setErrors({ 'lines.0.quantity': 'Quantity must be at least 1', 'lines.2.price': 'Price must be a number' });
    keys.forEach((k, i) => {
      expect(store.line(k)).not.toBe(before[i]);
      expect(store.line(k)).toEqual(before[i]);
      expect(lines[k]).toHaveBeenCalledTimes(1);
    });
    expect(store.errorsOf(a)).toEqual({ quantity: 'Quantity must be at least 1' });
    expect(store.errorsOf(b)).toEqual({});
    expect(store.errorsOf(c)).toEqual({ price: 'Price must be a number' });
    store.setErrors({});
    expect(store.errorsOf(a)).toEqual({});
    expect(lines[a]).toHaveBeenCalledTimes(2);
  });

  it('removing a line clears the refusals, which name lines by position', () => {
    const { store, keys } = watched();
    const [a, b, c] = keys;
    store.setErrors({ 'lines.1.quantity': 'Quantity must be at least 1', 'lines.2.price': 'Price must be a number' });
    store.remove(a);
    expect(store.keyList()).toEqual([b, c]);
    // Line c is now at position 1: it must not inherit b's refusal.
    expect(store.errorsOf(b)).toEqual({});
    expect(store.errorsOf(c)).toEqual({});
    expect(store.line(a)).toBeUndefined();
    expect(store.all().map((l) => l.itemId)).toEqual([8, 9]);
  });

  it('keeps the lot split of a line, and tells the totals only when it changes what they count', () => {
    const { store, keys, list } = watched();
    const [a] = keys;
    // One part of the line's quantity: what the totals count without a split already.
    store.setParts(a, [{ quantity: 1 }]);
    expect(store.partsOf(a)).toEqual([{ quantity: 1 }]);
    expect(list).not.toHaveBeenCalled();
    store.setParts(a, [{ quantity: 3 }, { quantity: 2 }]);
    expect(list).toHaveBeenCalledTimes(1);
    store.setParts(a, [{ quantity: 3 }, { quantity: 2 }]);
    expect(list).toHaveBeenCalledTimes(1);
    expect(store.partsOf(a)).toEqual([{ quantity: 3 }, { quantity: 2 }]);
    store.remove(a);
    expect(store.partsOf(a)).toBeUndefined();
  });

  it('reset replaces the lines (new keys) and drops the refusals', () => {
    const { store, keys } = watched();
    store.setErrors({ 'lines.0.quantity': 'Quantity must be at least 1' });
    store.reset([{ itemId: 5, quantity: 9 }]);
    const [key] = store.keyList();
    expect(keys).not.toContain(key);
    expect(store.all()).toEqual([{ key, itemId: 5, quantity: 9 }]);
    expect(store.errorsOf(key!)).toEqual({});
  });
});
