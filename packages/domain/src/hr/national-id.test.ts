import { describe, expect, it } from 'vitest';
import { nationalIdProblem, nationalIdRuleFor } from './national-id.ts';

describe('national ids by the company country', () => {
  it("Pakistan's CNIC is #####-#######-#", () => {
    expect(nationalIdProblem('PK', '35202-1234567-1')).toBeUndefined();
    expect(nationalIdProblem('PK', ' 35202-1234567-1 ')).toBeUndefined();
    for (const bad of ['3520212345671', '35202-123456-1', '35202-1234567-12', 'ABCDE-1234567-1', '35202_1234567_1']) {
      expect(nationalIdProblem('PK', bad), bad).toBe('National id must be written #####-#######-# (CNIC)');
    }
    expect(nationalIdProblem('PK', '')).toBe('National id is required');
  });

  it('another country takes its own rule, with its check digit; an unknown one the general rule', () => {
    expect(nationalIdProblem('AE', '784-1968-6570305-0')).toBeUndefined();
    expect(nationalIdProblem('AE', '784-1968-6570305-1')).toMatch(/check digit/);
    expect(nationalIdProblem('AE', '35202-1234567-1')).toBe('National id must be written 784-####-#######-# (Emirates ID)');
    expect(nationalIdProblem('IN', '2345 6789 0123')).toBeUndefined();
    expect(nationalIdRuleFor('FR').documentName).toBe('National id');
    expect(nationalIdProblem('FR', '1 85 05 78 006 084')).toBeUndefined();
    expect(nationalIdProblem('FR', '<script>')).toMatch(/National id must be/);
  });
});
