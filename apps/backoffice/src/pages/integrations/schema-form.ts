/**
 * The settings form is drawn from the JSON Schema the server answers for each provider (made
 * from the provider's own zod schema), so a new provider needs no back-office release. Only the
 * shapes providers use are drawn as controls; anything else is edited as JSON text.
 */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export type FieldKind = 'text' | 'url' | 'number' | 'boolean' | 'select' | 'multi' | 'json';

export interface SettingField {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  options: string[];
  integer: boolean;
}

const typeOf = (s: JsonSchema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

function kindOf(s: JsonSchema): FieldKind {
  const type = typeOf(s);
  if (s.enum && s.enum.every((v) => typeof v === 'string')) return 'select';
  if (type === 'string') return s.format === 'uri' ? 'url' : 'text';
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'array' && s.items?.enum?.every((v) => typeof v === 'string')) return 'multi';
  return 'json';
}

export function fieldsOf(schema: Record<string, unknown>): SettingField[] {
  const s = schema as JsonSchema;
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {}).map(([name, p]) => ({
    name,
    label: p.description ?? name,
    kind: kindOf(p),
    // A field with a default is filled by the server when left out.
    required: required.has(name) && p.default === undefined,
    options: ((kindOf(p) === 'multi' ? p.items?.enum : p.enum) ?? []).map(String),
    integer: typeOf(p) === 'integer',
  }));
}

/** The form's text for a saved value. */
export function toText(field: SettingField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

/**
 * The value to send for a field's form state, or an error key (`required`, `number`, `json`, `url`).
 * An empty optional field is left out, so the server's default applies.
 */
export function fromText(
  field: SettingField,
  text: string,
): { value?: unknown; error?: 'required' | 'number' | 'json' | 'url' } {
  const trimmed = text.trim();
  if (trimmed === '') return field.required ? { error: 'required' } : {};
  switch (field.kind) {
    case 'number': {
      const n = Number(trimmed);
      if (!Number.isFinite(n) || (field.integer && !Number.isInteger(n))) return { error: 'number' };
      return { value: n };
    }
    case 'url':
      return /^https?:\/\/[^\s/]+/i.test(trimmed) ? { value: trimmed } : { error: 'url' };
    case 'json':
      try {
        return { value: JSON.parse(trimmed) as unknown };
      } catch {
        return { error: 'json' };
      }
    default:
      return { value: trimmed };
  }
}
