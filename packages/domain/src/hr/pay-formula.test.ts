import { describe, expect, it } from 'vitest';
import { evaluatePayFormula, PayFormulaError, payFormulaNames, payFormulaOrder, payFormulaProblem, parsePayFormula } from './pay-formula.ts';

describe('pay formulas', () => {
  const values = { BASIC: '50000.00', HRA: '22500.00', OVERTIME_HOURS: '6' };

  it('evaluate + - * / with precedence, parentheses, unary minus and decimals', () => {
    expect(evaluatePayFormula('BASIC * 0.1', values)).toBe('5000.00');
    expect(evaluatePayFormula('BASIC + HRA * 2', values)).toBe('95000.00');
    expect(evaluatePayFormula('(BASIC + HRA) * 2', values)).toBe('145000.00');
    expect(evaluatePayFormula('BASIC - HRA - 500', values)).toBe('27000.00');
    expect(evaluatePayFormula('-BASIC / 4 + 1', values)).toBe('-12499.00');
    expect(evaluatePayFormula('BASIC / 240 * 2 * OVERTIME_HOURS', values)).toBe('2500.00');
    expect(evaluatePayFormula('basic * .5', values)).toBe('25000.00');
  });

  it('are exact: fractions are carried and rounded once, never through binary floats', () => {
    expect(evaluatePayFormula('BASIC / 3 * 3', { BASIC: '100.00' })).toBe('100.00');
    expect(evaluatePayFormula('0.1 + 0.2', {})).toBe('0.30');
    expect(evaluatePayFormula('X * 0.005', { X: '1.00' })).toBe('0.01');
    expect(evaluatePayFormula('X / 3', { X: '10.00' }, { scale: 4 })).toBe('3.3333');
    expect(evaluatePayFormula('X / 3', { X: '10.00' }, { rounding: 'up' })).toBe('3.34');
    expect(evaluatePayFormula('12345678901234.56 * 100', {})).toBe('1234567890123456.00');
  });

  it('refuse what is not one: unknown characters, missing operands, unbalanced parentheses, empty text', () => {
    for (const bad of ['BASIC * ', 'BASIC ** 2', '(BASIC', 'BASIC)', '', '   ', 'BASIC; process.exit()', 'BASIC 2', 'constructor.constructor("x")()', '1e3', 'BASIC % 2']) {
      expect(() => parsePayFormula(bad), bad).toThrow(PayFormulaError);
    }
    expect(() => parsePayFormula('('.repeat(60) + '1' + ')'.repeat(60))).toThrow(/nested/);
  });

  it('refuse a name without a value and a division by zero', () => {
    expect(() => evaluatePayFormula('BASIC + BONUS', values)).toThrow('BONUS has no value');
    expect(() => evaluatePayFormula('BASIC / (HRA - HRA)', values)).toThrow('Division by zero');
    // Names of Object.prototype are names like any other: no value, no prototype lookup.
    expect(() => evaluatePayFormula('TOSTRING + 1', {})).toThrow('TOSTRING has no value');
  });

  it('name the codes they read, and say what is wrong for the form', () => {
    expect(payFormulaNames('(BASIC + hra) / 30 * PAID_DAYS + BASIC')).toEqual(['BASIC', 'HRA', 'PAID_DAYS']);
    expect(payFormulaProblem('BASIC * 0.1', ['BASIC'])).toBeUndefined();
    expect(payFormulaProblem('BASIC * PAID_DAYS', ['BASIC'])).toBeUndefined();
    expect(payFormulaProblem('BASIC * BONUS', ['BASIC'])).toBe('Formula names BONUS, which is no component code');
    expect(payFormulaProblem('BASIC *', ['BASIC'])).toMatch(/^Formula: /);
    // A division by a constant zero fails every slip: refused when saved; one by a name is the run's to report.
    for (const formula of ['BASIC/0', '1/0', 'BASIC * (2 / (1 - 1))', '-(3 / 0.00)']) expect(payFormulaProblem(formula, ['BASIC']), formula).toBe('Formula: Division by zero');
    expect(payFormulaProblem('BASIC / OVERTIME_HOURS', ['BASIC'])).toBeUndefined();
    expect(payFormulaProblem('BASIC / (PAID_DAYS - 0)', ['BASIC'])).toBeUndefined();
  });

  it('order components after the codes they read, and refuse a cycle naming it', () => {
    const order = payFormulaOrder([
      { code: 'PF_EMPLOYER', formula: 'PF' },
      { code: 'PF', formula: 'BASIC * 0.0833' },
      { code: 'BASIC' },
      { code: 'HRA', formula: null },
    ]);
    expect(order.indexOf('BASIC')).toBeLessThan(order.indexOf('PF'));
    expect(order.indexOf('PF')).toBeLessThan(order.indexOf('PF_EMPLOYER'));
    expect(order).toHaveLength(4);
    expect(() => payFormulaOrder([{ code: 'A', formula: 'B + 1' }, { code: 'B', formula: 'C' }, { code: 'C', formula: 'A * 2' }])).toThrow('The formulas refer to each other: A -> B -> C -> A');
    expect(() => payFormulaOrder([{ code: 'A', formula: 'A + 1' }])).toThrow(PayFormulaError);
  });
});
