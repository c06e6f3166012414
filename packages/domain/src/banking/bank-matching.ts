import type { MatchWith } from './bank-match-rules.ts';

/**
 * The pure part of matching a bank statement to the books (issue 33, section 4): the keys lines
 * and entries are compared by, auto-match over rules, and the scored suggestions for one line.
 * Amounts are signed minor units (money into the account positive), dates `YYYY-MM-DD`.
 */

/** A statement line as matching reads it. */
export interface LineFacts {
  id: number;
  lineDate: string;
  amount: bigint;
  reference: string;
  chequeNumber: string;
  description: string;
}

/** A book entry not yet matched: a general-ledger row of the account, or a cheque into or on it not cleared. */
export interface BookEntry {
  entryId: number | null;
  chequeId: number | null;
  documentType: string;
  documentId: number;
  documentNumber: string;
  date: string;
  amount: bigint;
  reference: string;
  chequeNumber: string;
  description: string;
}

export interface RuleFacts {
  id: number;
  ruleName: string;
  priority: number;
  matchWith: MatchWith;
  tolerance: bigint;
  dateWindowDays: number;
  referenceRequired: boolean;
  descriptionContains: string | null;
}

/** Letters and digits only, case aside: how references, cheque and document numbers compare. */
export function referenceKey(text: string | null | undefined): string {
  return (text ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Case and runs of spaces folded: how a line's description counts for its hash and a rule's `descriptionContains`. */
export function foldText(text: string | null | undefined): string {
  return (text ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * What makes a line the same line (issue 33: statements imported twice are not stored twice,
 * identical real lines are not dropped): the account, date, amount, reference, cheque number and
 * folded description, and the line's repeat number among identical rows of its file. The server
 * stores its md5, unique per account.
 */
export function lineHashKeys(accountId: number, lines: readonly { lineDate: string; amount: string; reference?: string | null; chequeNumber?: string | null; description: string }[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const base = [accountId, line.lineDate, line.amount, foldText(line.reference), foldText(line.chequeNumber), foldText(line.description)].join('|');
    const repeat = (seen.get(base) ?? 0) + 1;
    seen.set(base, repeat);
    return `${base}|${repeat}`;
  });
}

const dayNumber = (iso: string) => Math.round(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000);

/** What kind of book entry a rule's `matchWith` names. */
export function entryKind(entry: Pick<BookEntry, 'documentType' | 'chequeId'>): Exclude<MatchWith, 'any'> | 'other' {
  if (entry.chequeId !== null || entry.documentType === 'cheques') return 'cheques';
  if (entry.documentType === 'receipts') return 'receipts';
  if (entry.documentType === 'payments') return 'payments';
  if (entry.documentType === 'journal' || entry.documentType === 'journals') return 'journals';
  return 'other';
}

const abs = (n: bigint) => (n < 0n ? -n : n);

interface Prepared {
  entry: BookEntry;
  index: number;
  day: number;
  keys: string[];
  kind: ReturnType<typeof entryKind>;
}

function prepareEntries(entries: readonly BookEntry[]): Prepared[] {
  return entries.map((entry, index) => ({
    entry,
    index,
    day: dayNumber(entry.date),
    keys: [referenceKey(entry.reference), referenceKey(entry.chequeNumber), referenceKey(entry.documentNumber)].filter((k) => k !== ''),
    kind: entryKind(entry),
  }));
}

const lineKeys = (line: LineFacts) => [referenceKey(line.reference), referenceKey(line.chequeNumber)].filter((k) => k !== '');

/** Entries sorted by amount, for the lines' lookups within a tolerance. */
class AmountIndex {
  private readonly sorted: Prepared[];
  constructor(entries: readonly Prepared[]) {
    this.sorted = [...entries].sort((a, b) => (a.entry.amount < b.entry.amount ? -1 : a.entry.amount > b.entry.amount ? 1 : a.index - b.index));
  }
  private lowerBound(amount: bigint): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]!.entry.amount < amount) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  within(amount: bigint, tolerance: bigint): Prepared[] {
    const found: Prepared[] = [];
    for (let i = this.lowerBound(amount - tolerance); i < this.sorted.length && this.sorted[i]!.entry.amount <= amount + tolerance; i++) found.push(this.sorted[i]!);
    return found;
  }
}

function fits(rule: RuleFacts, line: LineFacts, lineDay: number, keys: readonly string[], candidate: Prepared): boolean {
  if (rule.matchWith !== 'any' && candidate.kind !== rule.matchWith) return false;
  if (Math.abs(candidate.day - lineDay) > rule.dateWindowDays) return false;
  if (rule.referenceRequired && !keys.some((k) => candidate.keys.includes(k))) return false;
  if (rule.descriptionContains && !foldText(line.description).includes(foldText(rule.descriptionContains))) return false;
  return true;
}

export interface AutoMatchResult {
  /** line id -> the entry it is matched to, and the rule that matched it. */
  matched: Map<number, { entry: BookEntry; rule: RuleFacts }>;
  /** Lines some rule fits, but not to one entry alone. */
  suggested: Set<number>;
}

/**
 * Auto-match (issue 33, section 4): rules by priority; under each, a line is matched when exactly
 * one entry still free fits it and that entry fits no other line still free; matched lines and
 * entries leave the pool before the next rule. A line some rule fits otherwise is suggested.
 */
export function autoMatch(lines: readonly LineFacts[], entries: readonly BookEntry[], rules: readonly RuleFacts[]): AutoMatchResult {
  const prepared = prepareEntries(entries);
  const taken = new Set<number>();
  const matched = new Map<number, { entry: BookEntry; rule: RuleFacts }>();
  const suggested = new Set<number>();
  const index = new AmountIndex(prepared);
  const facts = lines.map((line) => ({ line, day: dayNumber(line.lineDate), keys: lineKeys(line) }));
  for (const rule of [...rules].sort((a, b) => a.priority - b.priority || a.id - b.id)) {
    const open = facts.filter((f) => !matched.has(f.line.id));
    const candidates = open.map((f) => ({ f, found: index.within(f.line.amount, rule.tolerance).filter((c) => !taken.has(c.index) && fits(rule, f.line, f.day, f.keys, c)) }));
    const usage = new Map<number, number>();
    for (const { found } of candidates) for (const c of found) usage.set(c.index, (usage.get(c.index) ?? 0) + 1);
    for (const { f, found } of candidates) {
      if (found.length === 0) continue;
      if (found.length === 1 && usage.get(found[0]!.index) === 1) {
        matched.set(f.line.id, { entry: found[0]!.entry, rule });
        taken.add(found[0]!.index);
        suggested.delete(f.line.id);
      } else suggested.add(f.line.id);
    }
  }
  return { matched, suggested };
}

export interface ScoredEntry {
  entry: BookEntry;
  score: number;
  reasons: string[];
}

/**
 * The entries worth a look for one line, best first, at most `limit`: the same amount (or within
 * the widest active tolerance), a shared reference or cheque number, a near date, the rule's
 * words in the description. An entry sharing neither amount nor reference is left out.
 */
export function suggestFor(line: LineFacts, entries: readonly BookEntry[], rules: readonly RuleFacts[], limit = 20): ScoredEntry[] {
  const tolerance = rules.reduce((max, r) => (r.tolerance > max ? r.tolerance : max), 0n);
  const lineDay = dayNumber(line.lineDate);
  const keys = lineKeys(line);
  const scored: (ScoredEntry & { distance: number })[] = [];
  for (const c of prepareEntries(entries)) {
    const reasons: string[] = [];
    let score = 0;
    const difference = abs(c.entry.amount - line.amount);
    if (difference === 0n) {
      score += 50;
      reasons.push('Same amount');
    } else if (difference <= tolerance) {
      score += 30;
      reasons.push('Amount within tolerance');
    }
    const sharedReference = keys.some((k) => c.keys.includes(k));
    if (sharedReference) {
      score += 40;
      reasons.push(c.kind === 'cheques' && referenceKey(line.chequeNumber) === referenceKey(c.entry.chequeNumber) ? 'Same cheque number' : 'Same reference');
    }
    if (score === 0) continue;
    const distance = Math.abs(c.day - lineDay);
    if (distance <= 30) {
      score += Math.max(0, 10 - distance);
      reasons.push(distance === 0 ? 'Same day' : `${distance} day${distance === 1 ? '' : 's'} apart`);
    }
    if (rules.some((r) => r.descriptionContains && foldText(line.description).includes(foldText(r.descriptionContains)) && (r.matchWith === 'any' || r.matchWith === c.kind))) {
      score += 5;
      reasons.push('Description fits a rule');
    }
    scored.push({ entry: c.entry, score, reasons, distance });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.distance - b.distance || a.entry.date.localeCompare(b.entry.date))
    .slice(0, limit)
    .map(({ entry, score, reasons }) => ({ entry, score, reasons }));
}
