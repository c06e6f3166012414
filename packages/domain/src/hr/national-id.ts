/**
 * National identity numbers, validated per country (issue 20, section 1): the company's country
 * in settings chooses the rule; a country without one takes the general rule. Rules are data:
 * a new country is a new entry, no code elsewhere changes.
 */
export interface NationalIdRule {
  country: string;
  countryName: string;
  /** What the document is called there. */
  documentName: string;
  /** The shape as users write it, `#` a digit. */
  format: string;
  pattern: RegExp;
  /** A check digit or other rule beyond the shape. */
  check?: (value: string) => boolean;
}

/** Emirates ID and other Luhn-checked numbers: the digits' Luhn sum is a multiple of 10. */
function luhn(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  let total = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    total += digit;
  }
  return total % 10 === 0;
}

export const nationalIdRules: readonly NationalIdRule[] = [
  { country: 'PK', countryName: 'Pakistan', documentName: 'CNIC', format: '#####-#######-#', pattern: /^\d{5}-\d{7}-\d$/ },
  { country: 'AE', countryName: 'United Arab Emirates', documentName: 'Emirates ID', format: '784-####-#######-#', pattern: /^784-\d{4}-\d{7}-\d$/, check: luhn },
  { country: 'BD', countryName: 'Bangladesh', documentName: 'NID', format: '10, 13 or 17 digits', pattern: /^(\d{10}|\d{13}|\d{17})$/ },
  { country: 'IN', countryName: 'India', documentName: 'Aadhaar', format: '#### #### ####', pattern: /^[2-9]\d{3} \d{4} \d{4}$/ },
  { country: 'SA', countryName: 'Saudi Arabia', documentName: 'National ID / Iqama', format: '##########', pattern: /^[12]\d{9}$/, check: luhn },
  { country: 'GB', countryName: 'United Kingdom', documentName: 'National Insurance number', format: 'AB123456C', pattern: /^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/ },
];

/** Any other country: letters, digits, spaces and dashes, 4 to 30 of them. */
export const generalNationalIdRule: NationalIdRule = {
  country: '',
  countryName: 'Other',
  documentName: 'National id',
  format: '4 to 30 letters, digits, spaces or dashes',
  pattern: /^[A-Za-z0-9][A-Za-z0-9 -]{2,28}[A-Za-z0-9]$/,
};

/** The company's country by default: Pakistan (the CNIC). */
export const defaultCountry = 'PK';

export function nationalIdRuleFor(country: string): NationalIdRule {
  return nationalIdRules.find((rule) => rule.country === country) ?? generalNationalIdRule;
}

/** Why a national id is refused under the country's rule, or undefined when it passes. */
export function nationalIdProblem(country: string, value: string): string | undefined {
  const rule = nationalIdRuleFor(country);
  const trimmed = value.trim();
  if (trimmed === '') return 'National id is required';
  if (!rule.pattern.test(trimmed)) return `National id must be written ${rule.format} (${rule.documentName})`;
  if (rule.check && !rule.check(trimmed)) return `National id is not a valid ${rule.documentName} (its check digit does not match)`;
  return undefined;
}
