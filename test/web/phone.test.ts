import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { COPY } from '../../worker/domain/copy';
import { PhoneSchema, toE164 } from '../../worker/domain/phone';
import { ProfileSchema } from '../../worker/domain/profile';

const parse = (input: unknown) => v.safeParse(PhoneSchema, input);

describe('the phone schema: one canonical E.164 number for every way a guest types it', () => {
  it.each([
    ['09876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['9876543210', '+919876543210'],
    ['98765-43210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['0091 98765 43210', '+919876543210'],
    ['(+91) 6123 456 789', '+916123456789'],
  ])('reads %s as %s', (typed, e164) => {
    const result = parse(typed);
    expect(result.success && result.output).toBe(e164);
  });

  it('refuses ten digits that are no Indian mobile (mobiles start with 6-9)', () => {
    for (const typed of ['5876543210', '05876543210', '+91 58765 43210', '1234567890']) {
      const result = parse(typed);
      expect(result.success, typed).toBe(false);
      expect(result.issues?.[0].message).toBe(COPY.auth.phone);
    }
  });

  it('keeps a number written with another country code as E.164 (which countries get a code is sign-in policy)', () => {
    expect(toE164('+44 7911 123456')).toBe('+447911123456');
    const result = parse('+44 7911 123456');
    expect(result.success && result.output).toBe('+447911123456');
  });

  it('refuses text, short numbers and numbers too long for E.164 with the spec message', () => {
    for (const typed of ['not a phone', '98765', '+1234567890123456', '', 9876543210]) {
      const result = parse(typed);
      expect(result.success).toBe(false);
      expect(result.issues?.[0].message).toBe(COPY.auth.phone);
    }
  });

  it('hands the profile its phone as E.164 too, so WhatsApp and the checkout prefill never see +0…', () => {
    const result = v.safeParse(ProfileSchema, {
      full_name: 'Asha Rao',
      email: ' Asha@Example.IN ',
      phone_number: '09876543210',
      date_of_birth: '1994-03-12',
    });
    expect(result.success).toBe(true);
    expect(result.output).toMatchObject({ phone_number: '+919876543210', email: 'asha@example.in' });
  });
});
