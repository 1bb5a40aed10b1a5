import { describe, expect, it } from '@jest/globals';
import {
  EMAIL_PATTERN,
  FIELD_TYPES,
  filterForField,
  type FormFieldDefinition,
  isEmptyValue,
  isRegexKind,
  PHONE_PATTERN,
  PIN_PATTERN,
  REGEX_KINDS,
  validateField,
  validateForm,
} from './dynamic-form.js';
import { PASSWORD_RULE_MESSAGE } from './messages.js';

const field = (overrides: Partial<FormFieldDefinition> & Pick<FormFieldDefinition, 'type'>): FormFieldDefinition => ({
  label: 'Field',
  value: 'field',
  ...overrides,
});

describe('field types', () => {
  it('are the set this library validates', () => {
    expect(FIELD_TYPES).toEqual([
      'text',
      'textarea',
      'email',
      'password',
      'phone',
      'pin',
      'number',
      'amount',
      'date',
      'daterange',
      'select',
    ]);
  });
});

describe('isEmptyValue', () => {
  it.each([null, undefined, '', '   ', '\t\n', [], [null, ''], ['  ']])('%p is empty', (value) => {
    expect(isEmptyValue(value)).toBe(true);
  });

  it.each([0, false, 'a', ' a ', ['x'], [null, '2024-01-01'], {}])('%p is not empty', (value) => {
    expect(isEmptyValue(value)).toBe(false);
  });
});

describe('mandatory', () => {
  it.each(FIELD_TYPES.filter((type) => type !== 'select'))('%s: empty and mandatory is required', (type) => {
    const f = field({ type, label: 'Patient Name', mandatory: true });
    expect(validateField(f, '')).toBe('Patient Name is required');
    expect(validateField(f, undefined)).toBe('Patient Name is required');
    expect(validateField(f, null)).toBe('Patient Name is required');
  });

  it('treats whitespace only as empty (what the no-leading-space filter prevents)', () => {
    expect(validateField(field({ type: 'text', label: 'City', mandatory: true }), '    ')).toBe('City is required');
  });

  it('a single select says required; a multi-select asks for at least one', () => {
    expect(validateField(field({ type: 'select', label: 'Centre', mandatory: true }), null)).toBe('Centre is required');
    const multi = field({ type: 'select', label: 'Modality', mandatory: true, isMulti: true });
    expect(validateField(multi, [])).toBe('Please select at least one Modality');
    expect(validateField(multi, undefined)).toBe('Please select at least one Modality');
    expect(validateField(multi, ['CT'])).toBeNull();
  });

  it('an empty date range is required; a half-filled one is not empty', () => {
    const range = field({ type: 'daterange', label: 'Study Date', mandatory: true });
    expect(validateField(range, [])).toBe('Study Date is required');
    expect(validateField(range, [null, null])).toBe('Study Date is required');
    expect(validateField(range, ['2024-01-01', null])).toBe('Study Date Must have a Start and End Date');
  });

  it.each(FIELD_TYPES)('%s: empty and optional passes', (type) => {
    expect(validateField(field({ type, minLen: 3, maxLen: 6, regex: 'numbers' }), '')).toBeNull();
    expect(validateField(field({ type, isMulti: true }), [])).toBeNull();
    expect(validateField(field({ type }), undefined)).toBeNull();
  });

  it('mandatory: false behaves as optional', () => {
    expect(validateField(field({ type: 'text', mandatory: false }), '')).toBeNull();
  });
});

describe('text and textarea', () => {
  const name = field({ type: 'text', label: 'First Name', minLen: 3, maxLen: 10 });

  it('accepts exactly minLen and exactly maxLen characters', () => {
    expect(validateField(name, 'Ram')).toBeNull();
    expect(validateField(name, 'Abcdefghij')).toBeNull();
  });

  it('refuses one character short of minLen', () => {
    expect(validateField(name, 'Ra')).toBe('First Name must be at least 3 characters');
  });

  it('refuses one character over maxLen', () => {
    expect(validateField(name, 'Abcdefghijk')).toBe('First Name cannot exceed 10 characters');
    expect(validateField(field({ type: 'textarea', label: 'Notes', maxLen: 5 }), 'a\nbcde')).toBe(
      'Notes cannot exceed 5 characters',
    );
  });

  it('judges the trimmed text: surrounding spaces do not count', () => {
    expect(validateField(name, '  Ra  ')).toBe('First Name must be at least 3 characters');
    expect(validateField(name, '   Abcdefghij   ')).toBeNull();
  });

  it('counts unicode letters as one character each', () => {
    expect(validateField(field({ type: 'text', label: 'Name', maxLen: 4 }), 'Zoë!')).toBeNull();
    expect(validateField(field({ type: 'text', label: 'Name', minLen: 2 }), '😀😀')).toBeNull();
  });

  it('refuses a value that is not a string', () => {
    expect(validateField(name, 12345)).toBe('Please give valid inputs');
    expect(validateField(name, { label: 'x' })).toBe('Please give valid inputs');
  });

  it('refuses control characters (the text filter would not have let them in)', () => {
    expect(validateField(field({ type: 'text', label: 'Name' }), 'Ra\u0000m')).toBe('Please give valid inputs');
  });

  it('with inputType number, holds the value to digits only', () => {
    const f = field({ type: 'text', label: 'Code', inputType: 'number' });
    expect(validateField(f, '123')).toBeNull();
    expect(validateField(f, '12e3')).toBe('Please give valid inputs');
  });
});

describe('regex kinds', () => {
  it('have the words of spec §5', () => {
    expect(Object.fromEntries(Object.entries(REGEX_KINDS).map(([kind, def]) => [kind, def.words]))).toEqual({
      alphabets: 'alphabets',
      alphanumeric: 'alphanumeric',
      numbers: 'numbers',
      decimals: 'decimals',
    });
    expect(isRegexKind('alphabets')).toBe(true);
    expect(isRegexKind('toString')).toBe(false);
  });

  it('alphabets: letters of any script and spaces', () => {
    const city = field({ type: 'text', label: 'City', regex: 'alphabets' });
    expect(validateField(city, 'Navi Mumbai')).toBeNull();
    expect(validateField(city, 'Zürich')).toBeNull();
    expect(validateField(city, 'पुणे')).toBeNull();
    expect(validateField(city, 'Pune1')).toBe('City must be alphabets');
    expect(validateField(city, "D'Souza")).toBe('City must be alphabets');
  });

  it('alphanumeric: letters, ASCII digits and spaces', () => {
    const code = field({ type: 'text', label: 'Department Code', regex: 'alphanumeric' });
    expect(validateField(code, 'RAD 01')).toBeNull();
    expect(validateField(code, 'RAD-01')).toBe('Department Code must be alphanumeric');
  });

  it('numbers: ASCII digits', () => {
    const f = field({ type: 'textarea', label: 'Registration ID', regex: 'numbers' });
    expect(validateField(f, '000123')).toBeNull();
    expect(validateField(f, '12 3')).toBe('Registration ID must be numbers');
    expect(validateField(f, '١٢٣')).toBe('Registration ID must be numbers');
  });

  it('decimals: at least one digit, at most one dot', () => {
    const f = field({ type: 'text', label: 'Weight', regex: 'decimals' });
    for (const ok of ['5', '5.25', '.5', '5.']) expect(validateField(f, ok)).toBeNull();
    expect(validateField(f, '1.2.3')).toBe('Weight must be decimals');
    expect(validateField(f, '.')).toBe('Weight must be decimals');
    expect(validateField(f, '-1.5')).toBe('Weight must be decimals');
  });

  it('numbers and decimals take a JSON number ≥ 0 as its digits (a body may send 12.5 for "12.5")', () => {
    const weight = field({ type: 'text', label: 'Weight', regex: 'decimals', maxLen: 6 });
    expect(validateField(weight, 12.5)).toBeNull();
    expect(validateField(weight, 0)).toBeNull();
    expect(validateField(weight, -1)).toBe('Please give valid inputs');
    expect(validateField(weight, 1234567)).toBe('Weight cannot exceed 6 characters');
    expect(validateField(weight, Number.NaN)).toBe('Please give valid inputs');
    const id = field({ type: 'text', label: 'Registration ID', regex: 'numbers' });
    expect(validateField(id, 123)).toBeNull();
    expect(validateField(id, 1.5)).toBe('Registration ID must be numbers');
    expect(validateField(field({ type: 'text', label: 'City', regex: 'alphabets' }), 5)).toBe(
      'Please give valid inputs',
    );
  });

  it('comes after the length checks', () => {
    const f = field({ type: 'text', label: 'Name', regex: 'alphabets', minLen: 3, maxLen: 4 });
    expect(validateField(f, '1')).toBe('Name must be at least 3 characters');
    expect(validateField(f, 'abcde')).toBe('Name cannot exceed 4 characters');
    expect(validateField(f, 'ab1')).toBe('Name must be alphabets');
  });
});

describe('email', () => {
  const email = field({ type: 'email', label: 'Email', maxLen: 40 });

  it.each(['ravi@example.com', 'first.last+tag@centre-1.example.co.in', 'A_B%c@x.in', '  ravi@example.com  '])(
    'accepts %p',
    (value) => {
      expect(validateField(email, value)).toBeNull();
    },
  );

  it.each([
    'ravi',
    'ravi@',
    '@example.com',
    'ravi@example',
    'ravi@@example.com',
    'ra vi@example.com',
    'ravi.@example.com',
    'ravi..k@example.com',
    'ravi@-example.com',
    'ravi@example.c',
    'rávi@example.com',
  ])('refuses %p', (value) => {
    expect(validateField(email, value)).toBe('Email must be a valid email address');
  });

  it('checks the address before its length', () => {
    const short = field({ type: 'email', label: 'Email', maxLen: 30 });
    expect(validateField(short, 'averyveryverylongname@example.com')).toBe('Email cannot exceed 30 characters');
    expect(validateField(short, 'averyveryverylongname@example')).toBe('Email must be a valid email address');
    expect(validateField(field({ type: 'email', label: 'Email', minLen: 10 }), 'a@b.in')).toBe(
      'Email must be at least 10 characters',
    );
  });

  it('refuses addresses beyond 254 characters whatever their shape', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.in`;
    expect(long.length).toBeGreaterThan(254);
    expect(EMAIL_PATTERN.test(long)).toBe(true);
    expect(validateField(field({ type: 'email', label: 'Email' }), long)).toBe('Email must be a valid email address');
  });
});

describe('phone (Indian mobile number)', () => {
  const phone = field({ type: 'phone', label: 'Phone Number' });

  it('accepts 10 digits starting 6 to 9, as a string or a JSON number', () => {
    expect(validateField(phone, '9876543210')).toBeNull();
    expect(validateField(phone, '6000000000')).toBeNull();
    expect(validateField(phone, 9876543210)).toBeNull();
    expect(PHONE_PATTERN.test('9876543210')).toBe(true);
  });

  it('refuses ten zeros with its own message', () => {
    expect(validateField(phone, '0000000000')).toBe('Invalid Phone Number. All zeros not allowed.');
  });

  it.each(['987654321', '98765432101', '5876543210', '0987654321', '+919876543210', '98765 43210', '000000000'])(
    'refuses %p as not valid',
    (value) => {
      expect(validateField(phone, value)).toBe('Phone Number is not valid');
    },
  );

  it('ignores minLen, maxLen and regex (the format is fixed)', () => {
    const f = field({ type: 'phone', label: 'Phone Number', minLen: 12, maxLen: 4, regex: 'alphabets' });
    expect(validateField(f, '9876543210')).toBeNull();
  });

  it('refuses a value of the wrong shape', () => {
    expect(validateField(phone, 98765.4321)).toBe('Please give valid inputs');
    expect(validateField(phone, ['9876543210'])).toBe('Please give valid inputs');
  });
});

describe('pin (Indian PIN code)', () => {
  const pin = field({ type: 'pin', label: 'PIN Code' });

  it('accepts six digits not starting with 0', () => {
    expect(validateField(pin, '411001')).toBeNull();
    expect(validateField(pin, 400001)).toBeNull();
    expect(PIN_PATTERN.test('411001')).toBe(true);
  });

  it('refuses 000000 with its own message', () => {
    expect(validateField(pin, '000000')).toBe('Invalid PIN code. All zeros not allowed.');
  });

  it('asks for exactly six digits', () => {
    expect(validateField(pin, '41100')).toBe('PIN Code should be 6 digits');
    expect(validateField(pin, '4110011')).toBe('PIN Code should be 6 digits');
    expect(validateField(pin, '0000000')).toBe('PIN Code should be 6 digits');
    expect(validateField(pin, '4110a1')).toBe('PIN Code should be 6 digits');
  });

  it('refuses a leading 0 as not valid', () => {
    expect(validateField(pin, '011001')).toBe('PIN Code is not valid');
  });
});

describe('number', () => {
  it('must be digits', () => {
    const age = field({ type: 'number', label: 'Age' });
    expect(validateField(age, '42')).toBeNull();
    expect(validateField(age, 42)).toBeNull();
    expect(validateField(age, '4.2')).toBe('Age must be numbers');
    expect(validateField(age, '-4')).toBe('Age must be numbers');
    expect(validateField(age, '1e3')).toBe('Age must be numbers');
    expect(validateField(age, 4.2)).toBe('Please give valid inputs');
  });

  it('with maxLen must have exactly that many digits', () => {
    const aadhaar = field({ type: 'number', label: 'Aadhaar Number', maxLen: 12 });
    expect(validateField(aadhaar, '123456789012')).toBeNull();
    expect(validateField(aadhaar, '12345678901')).toBe('Aadhaar Number should be 12 digits');
    expect(validateField(aadhaar, '1234567890123')).toBe('Aadhaar Number should be 12 digits');
  });

  it('checks minLen before the exact digits', () => {
    const f = field({ type: 'number', label: 'Code', minLen: 4, maxLen: 6 });
    expect(validateField(f, '123')).toBe('Code must be at least 4 characters');
    expect(validateField(f, '12345')).toBe('Code should be 6 digits');
    expect(validateField(f, '123456')).toBeNull();
  });

  it('without maxLen, has no upper bound on digits', () => {
    expect(validateField(field({ type: 'number', label: 'Count' }), '9'.repeat(40))).toBeNull();
  });
});

describe('amount', () => {
  const price = field({ type: 'amount', label: 'Holiday Price', mandatory: true });

  it('accepts 0 and 100000 and decimals between', () => {
    expect(validateField(price, '0')).toBeNull();
    expect(validateField(price, 0)).toBeNull();
    expect(validateField(price, '100000')).toBeNull();
    expect(validateField(price, '1499.50')).toBeNull();
  });

  it('refuses 100000.01 and negatives with the range message', () => {
    expect(validateField(price, '100000.01')).toBe('Holiday Price should be in Between 0 to 100000');
    expect(validateField(price, 100000.01)).toBe('Holiday Price should be in Between 0 to 100000');
    expect(validateField(price, '-1')).toBe('Holiday Price should be in Between 0 to 100000');
  });

  it('refuses what is not a number', () => {
    expect(validateField(price, 'abc')).toBe('Please give valid inputs');
    expect(validateField(price, '1.2.3')).toBe('Please give valid inputs');
  });

  it('says required, not "Please enter the amount", when empty in a dynamic form', () => {
    expect(validateField(price, '')).toBe('Holiday Price is required');
  });

  it('rendered as <input type="number">, refuses the dot that such inputs block', () => {
    const f = field({ type: 'amount', label: 'Night Price', inputType: 'number' });
    expect(validateField(f, '250')).toBeNull();
    expect(validateField(f, '250.5')).toBe('Please give valid inputs');
  });
});

describe('password field', () => {
  it('applies the password rule, then lengths', () => {
    const f = field({ type: 'password', label: 'Password', maxLen: 10 });
    expect(validateField(f, 'Abcdef1@')).toBeNull();
    expect(validateField(f, 'abcdefgh')).toBe(PASSWORD_RULE_MESSAGE);
    expect(validateField(f, ' Abcdef1@')).toBe(PASSWORD_RULE_MESSAGE);
    expect(validateField(f, 'Abcdef1@xyz')).toBe('Password cannot exceed 10 characters');
  });
});

describe('date', () => {
  const dob = field({ type: 'date', label: 'Date of Birth' });

  it('accepts real dates as Date or ISO 8601 strings', () => {
    expect(validateField(dob, new Date(2024, 1, 29))).toBeNull();
    expect(validateField(dob, '2024-02-29')).toBeNull();
    expect(validateField(dob, '2024-02-29T10:30:00.000Z')).toBeNull();
    expect(validateField(dob, '2024-02-29T10:30+05:30')).toBeNull();
  });

  it.each(['2023-02-29', '2024-02-30', '2024-13-01', '29/02/2024', 'yesterday', '2024-2-1'])('refuses %p', (value) => {
    expect(validateField(dob, value)).toBe('Please give valid inputs');
  });

  it('refuses an invalid Date and a timestamp number', () => {
    expect(validateField(dob, new Date('nope'))).toBe('Please give valid inputs');
    expect(validateField(dob, 1709251200000)).toBe('Please give valid inputs');
  });
});

describe('daterange', () => {
  const range = field({ type: 'daterange', label: 'Study Date' });

  it('accepts two dates in order, or the same day twice', () => {
    expect(validateField(range, ['2024-01-01', '2024-01-31'])).toBeNull();
    expect(validateField(range, [new Date(2024, 0, 1), new Date(2024, 0, 1)])).toBeNull();
  });

  it.each([
    [['2024-01-01']],
    [['2024-01-01', '']],
    [[null, '2024-01-31']],
    [['2024-01-01', '2024-02-30']],
    [['2024-01-01', '2024-01-02', '2024-01-03']],
    ['2024-01-01'],
  ])('refuses %p: it needs two dates', (value) => {
    expect(validateField(range, value)).toBe('Study Date Must have a Start and End Date');
  });

  it('refuses an end before the start', () => {
    expect(validateField(range, ['2024-01-31', '2024-01-01'])).toBe('Please give valid inputs');
  });
});

describe('select', () => {
  it('takes one option, or an array when isMulti', () => {
    expect(validateField(field({ type: 'select' }), 'CT')).toBeNull();
    expect(validateField(field({ type: 'select' }), { label: 'CT', value: 'CT' })).toBeNull();
    expect(validateField(field({ type: 'select', isMulti: true }), ['CT', 'MR'])).toBeNull();
  });

  it('refuses the other shape', () => {
    expect(validateField(field({ type: 'select' }), ['CT'])).toBe('Please give valid inputs');
    expect(validateField(field({ type: 'select', isMulti: true }), 'CT')).toBe('Please give valid inputs');
  });
});

describe('filterForField', () => {
  it('derives the keystroke filter from the definition', () => {
    expect(filterForField(field({ type: 'text' }))).toEqual({ characters: 'text' });
    expect(filterForField(field({ type: 'text', regex: 'alphabets', maxLen: 50 }))).toEqual({
      characters: 'alphabets',
      maxLength: 50,
    });
    expect(filterForField(field({ type: 'textarea', regex: 'alphanumeric' }))).toEqual({ characters: 'alphanumeric' });
    expect(filterForField(field({ type: 'text', regex: 'numbers' }))).toEqual({ characters: 'digits' });
    expect(filterForField(field({ type: 'text', regex: 'decimals' }))).toEqual({ characters: 'decimal' });
    expect(filterForField(field({ type: 'email', maxLen: 60 }))).toEqual({ characters: 'email', maxLength: 60 });
    expect(filterForField(field({ type: 'number', maxLen: 12 }))).toEqual({ characters: 'digits', maxLength: 12 });
    expect(filterForField(field({ type: 'phone' }))).toEqual({ characters: 'digits', maxLength: 10 });
    expect(filterForField(field({ type: 'pin' }))).toEqual({ characters: 'digits', maxLength: 6 });
    expect(filterForField(field({ type: 'amount' }))).toEqual({ characters: 'decimal', max: 100000 });
  });

  it('makes inputType number digits-only', () => {
    expect(filterForField(field({ type: 'amount', inputType: 'number' }))).toEqual({
      characters: 'digits',
      max: 100000,
    });
    expect(filterForField(field({ type: 'text', regex: 'alphabets', inputType: 'number' }))).toEqual({
      characters: 'digits',
    });
  });

  it.each(['password', 'date', 'daterange', 'select'] as const)('has no filter for %s', (type) => {
    expect(filterForField(field({ type, inputType: 'number' }))).toBeNull();
  });
});

describe('validateForm', () => {
  const fields: FormFieldDefinition[] = [
    {
      type: 'text',
      label: 'First Name',
      value: 'firstName',
      mandatory: true,
      minLen: 2,
      maxLen: 50,
      regex: 'alphabets',
    },
    { type: 'email', label: 'Email', value: 'email', mandatory: true },
    { type: 'phone', label: 'Phone Number', value: 'phoneNumber', mandatory: true },
    { type: 'pin', label: 'PIN Code', value: 'pinCode' },
    { type: 'select', label: 'Role', value: 'roles', mandatory: true, isMulti: true, isClearable: true },
    { type: 'amount', label: 'Price', value: 'price', initialValue: '0' },
  ];

  it('returns nothing for a valid form', () => {
    const values = {
      firstName: 'Asha',
      email: 'asha@example.in',
      phoneNumber: '9876543210',
      pinCode: '',
      roles: ['TYPIST'],
      price: '1500',
    };
    expect(validateForm(fields, values)).toEqual({});
  });

  it('returns each failing field’s first message, keyed by the definition’s value', () => {
    const values = {
      firstName: 'A1',
      email: 'asha@',
      phoneNumber: '0000000000',
      pinCode: '000000',
      roles: [],
      price: '100000.01',
    };
    expect(validateForm(fields, values)).toEqual({
      firstName: 'First Name must be alphabets',
      email: 'Email must be a valid email address',
      phoneNumber: 'Invalid Phone Number. All zeros not allowed.',
      pinCode: 'Invalid PIN code. All zeros not allowed.',
      roles: 'Please select at least one Role',
      price: 'Price should be in Between 0 to 100000',
    });
  });

  it('treats a missing key as empty (no fallback to initialValue)', () => {
    expect(validateForm(fields, {})).toEqual({
      firstName: 'First Name is required',
      email: 'Email is required',
      phoneNumber: 'Phone Number is required',
      roles: 'Please select at least one Role',
    });
  });

  it('does not read inherited properties as values', () => {
    const f: FormFieldDefinition[] = [{ type: 'text', label: 'Constructor', value: 'constructor', mandatory: true }];
    expect(validateForm(f, {})).toEqual({ constructor: 'Constructor is required' });
  });

  it('keeps the first problem when two definitions share a name', () => {
    const f: FormFieldDefinition[] = [
      { type: 'text', label: 'Code', value: 'code', minLen: 5 },
      { type: 'text', label: 'Code', value: 'code', maxLen: 2 },
    ];
    expect(validateForm(f, { code: 'abc' })).toEqual({ code: 'Code must be at least 5 characters' });
  });
});
