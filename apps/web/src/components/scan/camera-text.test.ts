import { describe, expect, it } from 'vitest';
import { cameraScanText } from './camera-text.ts';

const GS = '\u001d';

describe('cameraScanText (issue 32, section 3: the camera gives no symbology identifier)', () => {
  it("prefixes a GS1 element string with its format's identifier", () => {
    expect(cameraScanText('010401234567890117261231' + '10ABC123', 'data_matrix')).toBe(']d2010401234567890117261231' + '10ABC123');
    expect(cameraScanText(`10BATCH-7${GS}17270115`, 'code_128')).toBe(`]C110BATCH-7${GS}17270115`);
    expect(cameraScanText('0104012345678901' + '10Q1', 'qr_code')).toBe(']Q30104012345678901' + '10Q1');
    expect(cameraScanText('(01)04012345678901(10)ABC', 'data_matrix')).toBe(']d2(01)04012345678901(10)ABC');
    expect(cameraScanText('00340123450000000018', 'code_128')).toBe(']C100340123450000000018');
    expect(cameraScanText(`ABC${GS}DEF`, 'data_matrix')).toBe(`]d2ABC${GS}DEF`);
  });

  it('sends any other text as read', () => {
    expect(cameraScanText('https://example.test/kit', 'qr_code')).toBe('https://example.test/kit');
    expect(cameraScanText('0104012345', 'data_matrix')).toBe('0104012345');
    expect(cameraScanText('4012345678901', 'ean_13')).toBe('4012345678901');
    expect(cameraScanText('0104012345678901', 'ean_13')).toBe('0104012345678901');
    expect(cameraScanText(']d20104012345678901', 'data_matrix')).toBe(']d20104012345678901');
  });

  it('sends a bare GTIN as read, even one that starts like an AI: a case GTIN-14 beginning 10 is not a lot', () => {
    expect(cameraScanText('10614141000415', 'data_matrix')).toBe('10614141000415');
    expect(cameraScanText('17614141000418', 'qr_code')).toBe('17614141000418');
    // The same digits with a wrong check digit read as elements: a lot of twelve characters.
    expect(cameraScanText('10614141000416', 'data_matrix')).toBe(']d210614141000416');
  });

  it('sends a label that starts with a real date as elements, even when its digits end in a check digit', () => {
    // (17)261231(10)1236: fourteen digits whose last is their check digit.
    expect(cameraScanText('17261231101236', 'data_matrix')).toBe(']d217261231101236');
    expect(cameraScanText('11260100101236', 'code_128')).toBe(']C111260100101236');
  });
});
