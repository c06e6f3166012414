import { fromMinorUnits, type RoundingMode, type RoundingOptions, divideRounded } from '../money.ts';

/**
 * Salary component formulas (issue 20, section 2): `BASIC * 0.1`, `(BASIC + HRA) / 30 * 2`.
 * A small recursive-descent parser over + - * / parentheses, decimal numbers and names (other
 * components' codes and the month's variables); never `eval`. Values are exact fractions of
 * bigints, rounded once at the end, so `BASIC / 3 * 3` is BASIC to the cent.
 *
 *   expression := term (('+' | '-') term)*
 *   term       := factor (('*' | '/') factor)*
 *   factor     := ('+' | '-') factor | number | NAME | '(' expression ')'
 */
export type PayFormulaNode =
  | { type: 'number'; value: Fraction }
  | { type: 'name'; name: string }
  | { type: 'negate'; operand: PayFormulaNode }
  | { type: 'binary'; operator: '+' | '-' | '*' | '/'; left: PayFormulaNode; right: PayFormulaNode };

/** An exact rational number: numerator / denominator, denominator > 0. */
export interface Fraction {
  n: bigint;
  d: bigint;
}

/** A formula that does not parse, a name without a value, a division by zero: the message says which, and where. */
export class PayFormulaError extends Error {
  constructor(
    message: string,
    readonly position?: number,
  ) {
    super(message);
    this.name = 'PayFormulaError';
  }
}

export const payFormulaMaxLength = 500;
const maxDepth = 40;

/**
 * Names a formula may use besides component codes: what the pay run knows of the employee's
 * month. A component may not take one of these as its code.
 */
export const payFormulaVariables = {
  PAID_DAYS: 'Days of the month the employee is paid for (employed days less unpaid leave)',
  MONTH_DAYS: 'Calendar days of the month',
  UNPAID_LEAVE_DAYS: "The month's unpaid leave days (pay inputs)",
  OVERTIME_HOURS: "The month's overtime hours (pay inputs)",
  INCENTIVES: "The month's incentives (pay inputs)",
  MONTHLY_TAX: 'Income tax of the month from the tax table: tax on the taxable pay projected over the tax year (from joining, with earlier employment), spread over its months',
  ADVANCE_INSTALMENT: "The month's instalments of the employee's advances and loans",
} as const;

export type PayFormulaVariable = keyof typeof payFormulaVariables;

export function isPayFormulaVariable(name: string): name is PayFormulaVariable {
  return Object.hasOwn(payFormulaVariables, name);
}

type Token = { kind: 'number'; text: string; at: number } | { kind: 'name'; text: string; at: number } | { kind: 'symbol'; text: string; at: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === ' ' || char === '\t') {
      at += 1;
      continue;
    }
    const rest = text.slice(at);
    const number = /^(\d+(\.\d+)?|\.\d+)/.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', text: number[0], at });
      at += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (name) {
      tokens.push({ kind: 'name', text: name[0].toUpperCase(), at });
      at += name[0].length;
      continue;
    }
    if ('+-*/()'.includes(char)) {
      tokens.push({ kind: 'symbol', text: char, at });
      at += 1;
      continue;
    }
    throw new PayFormulaError(`Unexpected "${char}" at position ${at + 1}`, at);
  }
  return tokens;
}

function fraction(n: bigint, d: bigint): Fraction {
  if (d === 0n) throw new PayFormulaError('Division by zero');
  const sign = d < 0n ? -1n : 1n;
  let a = n < 0n ? -n : n;
  let b = d < 0n ? -d : d;
  while (b !== 0n) [a, b] = [b, a % b];
  const divisor = a === 0n ? 1n : a;
  return { n: (sign * n) / divisor, d: (sign * d) / divisor };
}

/** A decimal literal or amount (`'12.50'`, `'-3'`) as an exact fraction. */
export function fractionOf(decimal: string): Fraction {
  const trimmed = decimal.trim();
  if (!/^[+-]?(\d+(\.\d+)?|\.\d+)$/.test(trimmed)) throw new PayFormulaError(`Not a number: ${decimal}`);
  const negative = trimmed.startsWith('-');
  const unsigned = trimmed.replace(/^[+-]/, '');
  const [whole = '', decimals = ''] = unsigned.split('.');
  const n = BigInt(`${whole || '0'}${decimals}`);
  return fraction(negative ? -n : n, 10n ** BigInt(decimals.length));
}

/** Parses a formula once (the server checks it on save; a pay run evaluates it per employee). */
export function parsePayFormula(text: string): PayFormulaNode {
  if (text.length > payFormulaMaxLength) throw new PayFormulaError(`A formula may have at most ${payFormulaMaxLength} characters`);
  const tokens = tokenize(text);
  if (tokens.length === 0) throw new PayFormulaError('The formula is empty');
  let index = 0;
  const peek = () => tokens[index];
  const fail = (what: string): never => {
    const token = peek();
    throw new PayFormulaError(token ? `${what} at position ${token.at + 1}, found "${token.text}"` : `${what} at the end`, token?.at ?? text.length);
  };

  const expression = (depth: number): PayFormulaNode => {
    let left = term(depth);
    for (let token = peek(); token?.kind === 'symbol' && (token.text === '+' || token.text === '-'); token = peek()) {
      index += 1;
      left = { type: 'binary', operator: token.text, left, right: term(depth) };
    }
    return left;
  };
  const term = (depth: number): PayFormulaNode => {
    let left = factor(depth);
    for (let token = peek(); token?.kind === 'symbol' && (token.text === '*' || token.text === '/'); token = peek()) {
      index += 1;
      left = { type: 'binary', operator: token.text, left, right: factor(depth) };
    }
    return left;
  };
  const factor = (depth: number): PayFormulaNode => {
    if (depth > maxDepth) throw new PayFormulaError('The formula is nested too deeply');
    const token = peek();
    if (!token) return fail('A number, a code or "(" is missing');
    if (token.kind === 'number') {
      index += 1;
      return { type: 'number', value: fractionOf(token.text) };
    }
    if (token.kind === 'name') {
      index += 1;
      return { type: 'name', name: token.text };
    }
    if (token.text === '-' || token.text === '+') {
      index += 1;
      const operand = factor(depth + 1);
      return token.text === '-' ? { type: 'negate', operand } : operand;
    }
    if (token.text === '(') {
      index += 1;
      const inner = expression(depth + 1);
      if (peek()?.text !== ')') fail('")" is missing');
      index += 1;
      return inner;
    }
    return fail('A number, a code or "(" is expected');
  };

  const tree = expression(0);
  if (index < tokens.length) fail('An operator is expected');
  return tree;
}

/** The names a formula reads, once each, in order of first use. */
export function payFormulaNames(formula: string | PayFormulaNode): string[] {
  const names: string[] = [];
  const walk = (node: PayFormulaNode): void => {
    if (node.type === 'name') {
      if (!names.includes(node.name)) names.push(node.name);
    } else if (node.type === 'negate') walk(node.operand);
    else if (node.type === 'binary') {
      walk(node.left);
      walk(node.right);
    }
  };
  walk(typeof formula === 'string' ? parsePayFormula(formula) : formula);
  return names;
}

/** The exact value of a formula, names read from `values` (decimal strings). */
export function evaluatePayFormulaExact(formula: string | PayFormulaNode, values: Readonly<Record<string, string>>): Fraction {
  const value = (node: PayFormulaNode): Fraction => {
    switch (node.type) {
      case 'number':
        return node.value;
      case 'name': {
        const given = Object.hasOwn(values, node.name) ? values[node.name] : undefined;
        if (given === undefined) throw new PayFormulaError(`${node.name} has no value`);
        return fractionOf(given);
      }
      case 'negate': {
        const operand = value(node.operand);
        return { n: -operand.n, d: operand.d };
      }
      case 'binary': {
        const a = value(node.left);
        const b = value(node.right);
        switch (node.operator) {
          case '+':
            return fraction(a.n * b.d + b.n * a.d, a.d * b.d);
          case '-':
            return fraction(a.n * b.d - b.n * a.d, a.d * b.d);
          case '*':
            return fraction(a.n * b.n, a.d * b.d);
          case '/':
            if (b.n === 0n) throw new PayFormulaError('Division by zero');
            return fraction(a.n * b.d, a.d * b.n);
        }
      }
    }
  };
  return value(typeof formula === 'string' ? parsePayFormula(formula) : formula);
}

/** A fraction as a decimal string of `scale` decimals, rounded once by `rounding` (half-up unless told). */
export function roundFraction(value: Fraction, options: RoundingOptions = {}): string {
  const { scale = 2, rounding = 'half-up' } = options;
  return fromMinorUnits(divideRounded(value.n * 10n ** BigInt(scale), value.d, rounding as RoundingMode), scale);
}

/**
 * Evaluates a formula with the given values of the names it reads: the result is rounded once,
 * to 2 decimals half-up unless told. `evaluatePayFormula('BASIC * 0.1', {BASIC: '50000.00'})` -> `'5000.00'`.
 */
export function evaluatePayFormula(formula: string | PayFormulaNode, values: Readonly<Record<string, string>>, options: RoundingOptions = {}): string {
  return roundFraction(evaluatePayFormulaExact(formula, values), options);
}

/**
 * Evaluates every part of the formula that reads no name (`1/0`, `BASIC / (2 - 2)`): a division
 * by zero there would fail every employee's slip, so it is refused when the formula is saved.
 * A division by a name that is 0 for some employee (`BASIC / OVERTIME_HOURS`) is the run's to report.
 */
function assertNoConstantDivisionByZero(node: PayFormulaNode): void {
  if (payFormulaNames(node).length === 0) {
    evaluatePayFormulaExact(node, {});
    return;
  }
  if (node.type === 'negate') assertNoConstantDivisionByZero(node.operand);
  else if (node.type === 'binary') {
    assertNoConstantDivisionByZero(node.left);
    assertNoConstantDivisionByZero(node.right);
    // `BASIC / 0`: the divisor alone is constant.
    if (node.operator === '/' && payFormulaNames(node.right).length === 0 && evaluatePayFormulaExact(node.right, {}).n === 0n) throw new PayFormulaError('Division by zero');
  }
}

/** A formula's first problem as a user reads it, or undefined when it parses and reads only `knownNames`. */
export function payFormulaProblem(formula: string, knownNames: readonly string[]): string | undefined {
  try {
    const tree = parsePayFormula(formula);
    const unknown = payFormulaNames(tree).filter((name) => !knownNames.includes(name) && !isPayFormulaVariable(name));
    if (unknown.length > 0) return `Formula names ${unknown.join(', ')}, which ${unknown.length === 1 ? 'is no component code' : 'are no component codes'}`;
    assertNoConstantDivisionByZero(tree);
    return undefined;
  } catch (error) {
    if (error instanceof PayFormulaError) return `Formula: ${error.message}`;
    throw error;
  }
}

/**
 * Component codes in an order where each comes after the codes its formula reads, so a run
 * evaluates each component once. A cycle (`A = B`, `B = A * 2`) throws, naming its codes.
 * Stable: codes that do not depend on each other keep their given order.
 */
export function payFormulaOrder(components: readonly { code: string; formula?: string | null }[]): string[] {
  const codes = new Set(components.map((c) => c.code));
  const needs = new Map(components.map((c) => [c.code, c.formula ? payFormulaNames(c.formula).filter((name) => codes.has(name)) : []]));
  const ordered: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (code: string, path: string[]): void => {
    if (state.get(code) === 'done') return;
    if (state.get(code) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(code)), code];
      throw new PayFormulaError(`The formulas refer to each other: ${cycle.join(' -> ')}`);
    }
    state.set(code, 'visiting');
    for (const need of needs.get(code) ?? []) visit(need, [...path, code]);
    state.set(code, 'done');
    ordered.push(code);
  };
  for (const component of components) visit(component.code, []);
  return ordered;
}
