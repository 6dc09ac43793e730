/** The invoice arithmetic and numbering (worker/domain/invoice.ts), pure. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditNoteSplit,
  financialYear,
  gstSplit,
  invoiceNumber,
  istMonthRange,
  MAX_NUMBER_LENGTH,
  paiseAmount,
  placeOfSupply,
  stateLabel,
} from '../../worker/domain/invoice';

describe('the GST inside a price that includes it', () => {
  it('splits ₹2,000 at 18% within the state into a taxable value and two equal halves', () => {
    expect(gstSplit({ totalPaise: 200000, ratePercent: 18, intraState: true, registered: true })).toEqual({
      taxablePaise: 169492,
      cgstPaise: 15254,
      sgstPaise: 15254,
      igstPaise: 0,
    });
  });

  it('charges IGST alone across states', () => {
    expect(gstSplit({ totalPaise: 200000, ratePercent: 18, intraState: false, registered: true })).toEqual({
      taxablePaise: 169492,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 30508,
    });
  });

  it('gives the odd paisa of an odd tax to SGST, so the halves still sum to the tax', () => {
    // ₹1,001 at 18%: taxable 84831, tax 15269, an odd number of paise.
    const split = gstSplit({ totalPaise: 100100, ratePercent: 18, intraState: true, registered: true });
    expect(split.cgstPaise + split.sgstPaise).toBe(100100 - split.taxablePaise);
    expect(split.sgstPaise - split.cgstPaise).toBe(1);
  });

  it('charges no GST at all without a GSTIN: the total is the value of the supply', () => {
    expect(gstSplit({ totalPaise: 150000, ratePercent: 18, intraState: true, registered: false })).toEqual({
      taxablePaise: 150000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    });
  });

  it('refuses a total that is not whole paise', () => {
    expect(() => gstSplit({ totalPaise: 10.5, ratePercent: 18, intraState: true, registered: true })).toThrow();
    expect(() => gstSplit({ totalPaise: -1, ratePercent: 18, intraState: true, registered: true })).toThrow();
  });

  it('always sums to the total, never negative, never a tax above the rate (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_00 }),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        fc.boolean(),
        (totalPaise, ratePercent, intraState, registered) => {
          const s = gstSplit({ totalPaise, ratePercent, intraState, registered });
          expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(totalPaise);
          for (const part of Object.values(s)) expect(part).toBeGreaterThanOrEqual(0);
          expect(Math.abs(s.cgstPaise - s.sgstPaise)).toBeLessThanOrEqual(1);
          if (intraState) expect(s.igstPaise).toBe(0);
          else expect(s.cgstPaise + s.sgstPaise).toBe(0);
          // The tax is the rate on the taxable value, to within the paisa of rounding.
          const tax = totalPaise - s.taxablePaise;
          if (registered) expect(Math.abs(tax - (s.taxablePaise * ratePercent) / 100)).toBeLessThanOrEqual(1);
          else expect(tax).toBe(0);
        },
      ),
    );
  });

  it('a credit note for the whole invoice cancels it to the paisa; for part, splits the same way (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.boolean(), fc.nat(), (total, intraState, cut) => {
        const invoice = {
          ...gstSplit({ totalPaise: total, ratePercent: 18, intraState, registered: true }),
          totalPaise: total,
          ratePercent: 18,
          registered: true,
        };
        const whole = creditNoteSplit(invoice, total);
        expect(whole).toEqual({
          taxablePaise: invoice.taxablePaise,
          cgstPaise: invoice.cgstPaise,
          sgstPaise: invoice.sgstPaise,
          igstPaise: invoice.igstPaise,
        });
        const part = cut % total;
        const s = creditNoteSplit(invoice, part);
        expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(part);
        expect(s.igstPaise > 0 && intraState).toBe(false);
      }),
    );
  });
});

describe('numbers', () => {
  it('counts the financial year from April in IST', () => {
    expect(financialYear('2026-04-01T00:00:00+05:30')).toBe('2026-27');
    expect(financialYear('2026-03-31T18:29:59Z')).toBe('2025-26');
    expect(financialYear('2026-03-31T18:30:00Z')).toBe('2026-27');
    expect(financialYear('2099-12-01T00:00:00Z')).toBe('2099-00');
  });

  it('writes invoices and credit notes in their own series within GST’s 16 characters', () => {
    expect(invoiceNumber('TM', 'invoice', '2026-27', 42)).toBe('TM/26-27/000042');
    expect(invoiceNumber('TM', 'credit_note', '2026-27', 7)).toBe('TMC/26-27/000007');
    for (const prefix of ['T', 'TM', 'TMX', 'ABCD'])
      for (const kind of ['invoice', 'credit_note'] as const) {
        const n = invoiceNumber(prefix, kind, '2026-27', 1);
        expect(n.length, n).toBeLessThanOrEqual(MAX_NUMBER_LENGTH);
        expect(n).toMatch(/^[A-Z0-9/-]+$/);
      }
  });
});

describe('place of supply and amounts', () => {
  it('is the city’s state, else the business’s', () => {
    expect(placeOfSupply('09', '06')).toBe('09');
    expect(placeOfSupply(null, '06')).toBe('06');
    expect(stateLabel('06')).toBe('Haryana (06)');
  });

  it('writes paise as rupees with Indian grouping', () => {
    expect(paiseAmount(169492)).toBe('1,694.92');
    expect(paiseAmount(12345678901)).toBe('12,34,56,789.01');
    expect(paiseAmount(5)).toBe('0.05');
  });

  it('reads a month as IST sees it', () => {
    expect(istMonthRange('2026-11')).toEqual({ from: '2026-10-31T18:30:00.000Z', to: '2026-11-30T18:30:00.000Z' });
  });
});
