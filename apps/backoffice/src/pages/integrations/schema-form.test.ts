import { describe, expect, it } from 'vitest';
import { fieldsOf, fromText, toText } from './schema-form';

const schema = {
  type: 'object',
  properties: {
    baseUrl: { type: 'string', format: 'uri', default: 'https://api.example', description: 'API base URL' },
    operatorId: { type: 'integer', description: 'Operator ID' },
    country: { type: 'string', enum: ['PH', 'ID'] },
    channels: { type: 'array', items: { type: 'string', enum: ['GCASH', 'PAYMAYA'] } },
    live: { type: 'boolean' },
    fees: { type: 'array', items: { type: 'object' } },
  },
  required: ['baseUrl', 'operatorId', 'country'],
};

describe('settings form from JSON Schema', () => {
  it('draws each property as the control its type needs, labelled by its description', () => {
    expect(fieldsOf(schema).map((f) => [f.name, f.kind, f.label, f.required])).toEqual([
      ['baseUrl', 'url', 'API base URL', false],
      ['operatorId', 'number', 'Operator ID', true],
      ['country', 'select', 'country', true],
      ['channels', 'multi', 'channels', false],
      ['live', 'boolean', 'live', false],
      ['fees', 'json', 'fees', false],
    ]);
    expect(fieldsOf(schema)[3]!.options).toEqual(['GCASH', 'PAYMAYA']);
  });

  it('reads the form back, refusing what the server would refuse', () => {
    const [baseUrl, operatorId, , , , fees] = fieldsOf(schema);
    expect(fromText(operatorId!, ' 42 ')).toEqual({ value: 42 });
    expect(fromText(operatorId!, '4.2')).toEqual({ error: 'number' });
    expect(fromText(operatorId!, '')).toEqual({ error: 'required' });
    expect(fromText(baseUrl!, '')).toEqual({});
    expect(fromText(baseUrl!, 'ftp://x')).toEqual({ error: 'url' });
    expect(fromText(fees!, '[{"a":1}]')).toEqual({ value: [{ a: 1 }] });
    expect(fromText(fees!, '[{')).toEqual({ error: 'json' });
    expect(toText(fees!, [{ a: 1 }])).toContain('"a": 1');
    expect(toText(operatorId!, undefined)).toBe('');
  });
});
